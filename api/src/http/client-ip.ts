// The client's address: the socket's peer, or X-Forwarded-For's last hop only when TRUST_PROXY is
// set (the proxy appends the address it saw; earlier entries are whatever the client claimed).
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return normalizeIp(last);
  }
  try {
    return normalizeIp(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** '::ffff:127.0.0.1' and '127.0.0.1' are the same client. */
export const normalizeIp = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();

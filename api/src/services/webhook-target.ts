// Where a webhook may be sent (against SSRF, security.md): the SMTP guard's rule (smtp-guard.ts), no
// loopback, private, link-local or metadata address. When the endpoint is saved, an address written in
// its URL (and `localhost`) is checked; a name is resolved and checked at each connection, on the very
// addresses the connection uses (a `lookup` that checks what it resolves,
// so a name cannot be rebound to a private address between the check and the connection).
// WEBHOOKS_ALLOW_LOCAL=true lifts it for loopback and private networks; link-local and cloud metadata
// addresses stay refused even then.
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { canonicalHost, isForbiddenAddress } from './smtp-guard.ts';

const always = new net.BlockList();
always.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, 169.254.169.254 (AWS, GCP, Azure…)
always.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
always.addSubnet('fe80::', 10, 'ipv6');
always.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6

/** An address no webhook ever reaches, whatever the setting (IPv4-mapped IPv6 forms included). */
function alwaysRefused(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return always.check(address, 'ipv4');
  if (family !== 6) return true;
  const bare = address.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped ? always.check(mapped[1]!, 'ipv4') : always.check(bare, 'ipv6');
}

export function refusedAddress(address: string, allowLocal: boolean): boolean {
  if (alwaysRefused(address)) return true;
  return allowLocal ? false : isForbiddenAddress(address);
}

export class WebhookTargetError extends Error {
  readonly reason: 'address' | 'host';
  constructor(reason: 'address' | 'host') {
    super(`webhook target refused: ${reason}`);
    this.reason = reason;
  }
}

type Resolve = (name: string) => Promise<string[]>;
const systemResolve: Resolve = async (name) => (await dns.promises.lookup(name, { all: true, verbatim: true })).map((a) => a.address);

/** Names that are this machine by definition (RFC 6761), whatever a resolver says. */
const LOOPBACK_NAME = /^(?:.+\.)?localhost\.?$/i;

/**
 * Checks a URL's host when the endpoint is saved, without resolving it (docs/decisions/122): an address
 * written in the URL must be allowed, and so must `localhost`. A name is resolved only when a delivery
 * connects (checkWebhookUrl, guardedLookup): what it resolves to is the world's state at that moment, so a
 * name that does not resolve yet is saved, and its deliveries fail and are retried, as GitHub and Stripe do.
 */
export function checkSavedWebhookUrl(url: string, allowLocal: boolean): void {
  const host = canonicalHost(new URL(url).hostname);
  if (!host) throw new WebhookTargetError('host');
  if (net.isIP(host) ? refusedAddress(host, allowLocal) : !allowLocal && LOOPBACK_NAME.test(host)) throw new WebhookTargetError('address');
}

/** Checks a URL's host before a delivery connects: every address it resolves to must be allowed. */
export async function checkWebhookUrl(url: string, allowLocal: boolean, resolve: Resolve = systemResolve): Promise<void> {
  const host = canonicalHost(new URL(url).hostname);
  if (!host) throw new WebhookTargetError('host');
  if (net.isIP(host)) {
    if (refusedAddress(host, allowLocal)) throw new WebhookTargetError('address');
    return;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new WebhookTargetError('host');
  }
  if (!addresses.length) throw new WebhookTargetError('host');
  if (addresses.some((a) => refusedAddress(a, allowLocal))) throw new WebhookTargetError('address');
}

/**
 * The `lookup` of the connection: resolves as the system does, refuses the connection if any address is
 * not allowed, and hands the socket only checked addresses. An IP literal URL skips lookup in Node, so
 * the sender checks literals itself (checkWebhookUrl) before it connects.
 */
export function guardedLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      if (!list.length || list.some((a) => refusedAddress(a.address, allowLocal)))
        return callback(Object.assign(new Error('webhook target refused: address'), { code: 'EWEBHOOKTARGET' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

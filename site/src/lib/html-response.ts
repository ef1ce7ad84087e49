// What every HTML answer carries: security headers, validators a CDN can use, and compression.
// The ETag hashes the page itself, so it changes exactly when the catalogue (or any text) does.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { PREFERENCE_MAX_AGE } from '@app/domain/site-routing';

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** A year-long, site-wide preference cookie (language or theme); no secret, so readable by scripts. */
export const preferenceCookie = (name: string, value: string, secure: boolean) =>
  `${name}=${value}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * `degraded` is read once the page is rendered (views set it while streaming): a page showing an error
 * state instead of the catalogue is `no-store`, so no CDN keeps the failure for minutes.
 */
export async function finalizeHtml(response: Response, request: Request, personalised: boolean, degraded: () => boolean = () => false): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) headers.set(k, v);
  headers.set('vary', 'Cookie, Accept-Encoding');
  headers.set('content-type', 'text/html; charset=utf-8');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const body = Buffer.from(await response.arrayBuffer());
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  headers.set('etag', etag);
  // Visitors without preferences share one copy (CDN-cacheable); with a theme or language cookie the
  // page is theirs: private, revalidated by ETag. See docs/decisions/042-page-caching.md.
  headers.set('cache-control', degraded() ? 'no-store' : personalised ? 'private, no-cache' : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  headers.delete('content-length');
  const match = request.headers.get('if-none-match');
  if (response.status === 200 && match && match.split(',').some((t) => t.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const accept = request.headers.get('accept-encoding') ?? '';
  let out: Buffer = body;
  if (body.length > 1024 && /\bbr\b/.test(accept)) {
    out = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    headers.set('content-encoding', 'br');
  } else if (body.length > 1024 && /\bgzip\b/.test(accept)) {
    out = gzipSync(body, { level: 6 });
    headers.set('content-encoding', 'gzip');
  }
  headers.set('content-length', String(out.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(out), { status: response.status, statusText: response.statusText, headers });
}

// What every HTML answer carries: security headers, and validators and cache rules a CDN can use.
import { hash } from 'node:crypto';
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
 * Every other page is the same for every visitor (no cookie changes it), so it is `public` for shared
 * caches, revalidated by its ETag. Compression is the server's (api/src/http/page-cache.ts), once per
 * rendered page and encoding. See docs/decisions/078-one-page-for-every-visitor.md.
 */
export async function finalizeHtml(response: Response, request: Request, degraded: () => boolean = () => false): Promise<Response> {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) headers.set(k, v);
  headers.set('vary', 'Accept-Encoding');
  headers.set('content-type', 'text/html; charset=utf-8');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const body = new Uint8Array(await response.arrayBuffer());
  // One-shot hash of the page: its validator changes exactly when what it shows does.
  const etag = `W/"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
  headers.set('etag', etag);
  headers.set('cache-control', degraded() ? 'no-store' : PUBLIC_PAGE);
  headers.set('content-length', String(body.length));
  const match = request.headers.get('if-none-match');
  if (response.status === 200 && match && match.split(',').some((t) => t.trim() === etag)) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: response.status, statusText: response.statusText, headers });
}

/** Shared caches keep a page a minute and may serve it five more while they revalidate it; browsers always revalidate. */
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

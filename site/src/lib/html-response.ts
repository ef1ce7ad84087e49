// What every HTML answer carries: security headers and cache rules a CDN can use.
import { PREFERENCE_MAX_AGE } from '@app/domain/site-routing';

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Whether the cookies the site sets are `Secure`: when the public address is https (PUBLIC_URL, parsed at
 * start), even though this server, behind a proxy that ends TLS, is reached over http; or when the request
 * itself came over https. The API's rule for its session cookie (api/src/http/auth-cookie.ts), less the
 * proxy's X-Forwarded-Proto, which the site is not told to trust.
 */
export const secureCookies = (config: Pick<App.Locals['config'], 'publicUrl'>, url: URL) =>
  config.publicUrl?.startsWith('https:') === true || url.protocol === 'https:';

/** A year-long, site-wide preference cookie (language or theme); no secret, so readable by scripts. */
export const preferenceCookie = (name: string, value: string, secure: boolean) =>
  `${name}=${value}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * `degraded` is read once the page is rendered (views set it while rendering; the site renders without
 * streaming, astro.config.mjs, so the page is whole when this runs): a page showing an error state
 * instead of the catalogue is `no-store`, so no CDN keeps the failure for minutes.
 * Every other page is the same for every visitor (no cookie changes it), so it is `public` for shared
 * caches. Its ETag (and the 304 to it), like its compression, is the server's (api/src/http/page-cache.ts),
 * which holds the whole page: the body passes through here unread. See
 * docs/decisions/078-one-page-for-every-visitor.md.
 * The headers are set on the rendered response itself (a page's are writable): wrapping its body in a new
 * Response cost a stream and a copy of the headers per render (issue #17). A response whose headers are
 * read-only (one from fetch) is copied instead.
 */
export function finalizeHtml(response: Response, request: Request, degraded: () => boolean = () => false): Response {
  const read = request.method === 'GET' || request.method === 'HEAD';
  const set = (headers: Headers) => {
    for (const [k, v] of SECURITY_ENTRIES) headers.set(k, v);
    headers.set('vary', 'Accept-Encoding');
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.set('cache-control', !read || degraded() ? 'no-store' : PUBLIC_PAGE);
  };
  try {
    set(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    set(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

/** Shared caches keep a page a minute and may serve it five more while they revalidate it; browsers always revalidate. */
export const PUBLIC_PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

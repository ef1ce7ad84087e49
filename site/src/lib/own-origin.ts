// Whether a page's form post comes from this site's own pages: the cross-site check Astro's `checkOrigin`
// made, with the public origins the configuration knows (docs/decisions/119-forms-behind-a-proxy.md).
import { isEnglishHost } from '@app/domain/site-routing';

/** Longer than any origin a browser sends: not read further. */
const LONGEST_ORIGIN = 2048;

/** Methods that change nothing: no form post, no check. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A post's Origin is ours when it names the host the request was sent to, PUBLIC_URL's, or the English
 * host. Behind a reverse proxy that does not pass the original Host, the request names the internal host
 * while the browser's Origin names the public one, which the configuration knows. Hosts, not schemes, are
 * compared: a proxy that ends TLS forwards plain HTTP. X-Forwarded-Host is not read: a configured origin
 * says the same without trusting a header. No Origin, 'null' or anything else: not ours.
 */
export function isOwnOrigin(origin: string | null, own: { host: string; publicUrl?: string | undefined; englishHost: string }): boolean {
  if (!origin || origin.length > LONGEST_ORIGIN || !URL.canParse(origin)) return false;
  const { host, protocol } = new URL(origin);
  if (!host || (protocol !== 'https:' && protocol !== 'http:')) return false;
  if (host === own.host.toLowerCase()) return true;
  if (own.publicUrl && URL.canParse(own.publicUrl) && host === new URL(own.publicUrl).host) return true;
  return isEnglishHost(host, own.englishHost);
}

/** The answer to another site's post (Astro's own, with no-store). */
export const crossSiteRefusal = (method: string) =>
  new Response(`Cross-site ${method} form submissions are forbidden`, {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

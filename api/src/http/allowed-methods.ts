// Which methods a path has, from the routes the app registers: a request with another method on a
// known path answers 405 with `Allow` (RFC 9110 §15.5.6, https://www.rfc-editor.org/rfc/rfc9110#section-15.5.6),
// an unknown path still 404. Nothing to add per route.
import { TrieRouter } from 'hono/router/trie-router';
import type { RegisteredRoute } from './openapi-document.ts';

/**
 * Builds, once, a lookup from a request to the methods its path answers when they do not include the
 * request's own method; [] when it is answered (the usual case, one match) or the path is unknown.
 */
export function allowedMethodsOf(routes: readonly RegisteredRoute[]): (path: string, method?: string) => string[] {
  const router = new TrieRouter<string>();
  const methods = new Set<string>();
  // `ALL` entries are the `.use()` guards, which match every method and answer none by themselves.
  for (const { method, path } of routes)
    if (method !== 'ALL') {
      router.add(method, path, method);
      methods.add(method);
    }
  return (path, method) => {
    if (method && router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0) return [];
    const allowed = [...methods].filter((m) => router.match(m, path)[0].length > 0);
    // Hono answers HEAD wherever GET is registered.
    if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD');
    return allowed;
  };
}

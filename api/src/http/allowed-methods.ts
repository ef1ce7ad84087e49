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
  // A path a route names without parameters is its own resource: '/smtp/settings/usages' has GET only,
  // though '/smtp/settings/:usageType' would match it for PUT and DELETE.
  const named = new Map<string, Set<string>>();
  // `ALL` entries are the `.use()` guards, which match every method and answer none by themselves.
  for (const { method, path } of routes)
    if (method !== 'ALL') {
      router.add(method, path, method);
      methods.add(method);
      if (!/[:*]/.test(path)) (named.get(path) ?? named.set(path, new Set()).get(path)!).add(method);
    }
  return (path, method) => {
    const own = named.get(path);
    if (own) {
      const allowed = [...own, ...(own.has('GET') && !own.has('HEAD') ? ['HEAD'] : [])];
      return method && allowed.includes(method) ? [] : allowed;
    }
    if (method && router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0) return [];
    const allowed = [...methods].filter((m) => router.match(m, path)[0].length > 0);
    // Hono answers HEAD wherever GET is registered.
    if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD');
    return allowed;
  };
}

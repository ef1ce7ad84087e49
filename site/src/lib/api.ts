// Calls the JSON API: in-process through the Hono app when the process entry mounted us, over HTTP
// otherwise (`astro dev` against a running API at API_URL).
export async function apiFetch(locals: App.Locals, path: string, init?: RequestInit): Promise<Response> {
  if (locals.api) return locals.api.request(path, init);
  const base = process.env.API_URL ?? 'http://localhost:4321';
  return fetch(`${base}${path}`, init);
}

/** Calls the API as this request's visitor (their address counts against the public forms' limits): a page's form posting for them. */
export async function apiFetchAsVisitor(locals: App.Locals, path: string, init?: RequestInit): Promise<Response> {
  return locals.visitorApi ? locals.visitorApi.request(path, init) : apiFetch(locals, path, init);
}

/** The JSON body of a successful answer, or null for a 404; other failures throw (the page shows its error state). */
export async function apiJson<T>(locals: App.Locals, path: string): Promise<T | null> {
  const res = await apiFetch(locals, path, { headers: { accept: 'application/json' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Same as apiJson but never throws: { data } or { error } for the page's error state. */
export async function tryApiJson<T>(locals: App.Locals, path: string): Promise<{ data: T | null; error?: string }> {
  try {
    return { data: await apiJson<T>(locals, path) };
  } catch (err) {
    return { data: null, error: err instanceof Error ? err.message : String(err) };
  }
}

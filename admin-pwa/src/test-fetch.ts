// Component tests: a stand-in for the API at the fetch boundary (the real API runs in the browser
// journeys). Routes answer JSON; every call is recorded with its method, path, query, body and headers.
import { vi } from 'vitest';
import { db } from './db/db.ts';
import { toasts } from './lib/toast.ts';

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
type Handler = (call: Call) => unknown | Response;
export type FakeApi = {
  calls: Call[];
  on: (method: string, path: string | RegExp, handler: Handler) => void;
  callsTo: (method: string, path: string | RegExp) => Call[];
};

const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

/** Replaces global fetch; unknown routes answer 404 { error }. */
export function fakeApi(): FakeApi {
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = [];
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://admin.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : (init.body ?? null);
    const call = { method, path, query: url.searchParams, body, headers: new Headers(init.headers) };
    calls.push(call);
    const route = [...routes].reverse().find((r) => r.method === method && matches(r.path, path));
    if (!route) return Response.json({ error: 'Introuvable' }, { status: 404 });
    const answer = await route.handler(call);
    return answer instanceof Response ? answer : Response.json(answer ?? null);
  });
  return {
    calls,
    on: (method, path, handler) => routes.push({ method, path, handler }),
    callsTo: (method, path) => calls.filter((c) => c.method === method && matches(path, c.path)),
  };
}

export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

/** A fresh start for a component test: empty IndexedDB, no toasts, online, and a new fake API. */
export async function freshStart(): Promise<FakeApi> {
  await db.delete();
  await db.open();
  toasts.set([]);
  setOnline(true);
  return fakeApi();
}

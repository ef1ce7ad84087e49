// The one HTTP client of the admin: /api calls with the access token kept in memory only, one
// refresh-and-retry on a 401, then the session ends ('Session expirée'). Uploads go through XHR for progress.
import type { LoginResponse, TokenPair } from '@app/domain/auth';
import { fill, texts } from './i18n.ts';
import { IDEMPOTENCY_HEADER } from '@app/domain/idempotency';

export const API_BASE = '/api';
/** Asks the API to keep the refresh token in its HttpOnly cookie only (never in a body we could leak). */
const TRANSPORT_HEADER = 'x-token-transport';

/** The server answered with an error status; `message` is its `error` field, else 'Erreur {status}'. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** No answer at all (offline, server down, aborted): the write may be queued in the outbox instead. */
export class NetworkError extends Error {
  constructor(message = 'Network error') {
    super(message);
    this.name = 'NetworkError';
  }
}

export const isNetworkError = (e: unknown): e is NetworkError => e instanceof NetworkError;

/** The error text a user sees: the server message when there is one, else the given fallback. */
export function errorText(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.message) return e.message;
  return fallback;
}

// Never persisted (security.md: no token in Web Storage); a reload restores it from the refresh cookie.
let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
let onExpired: (() => void) | null = null;

export const tokens = {
  get: () => accessToken,
  set: (t: string | null) => {
    accessToken = t;
  },
};

/** Called once when a refresh fails after a 401: the session store logs out and shows the toast. */
export function onSessionExpired(handler: (() => void) | null) {
  onExpired = handler;
}

async function readError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const message = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : fill(texts().common.errorStatus, { status: res.status });
  return new ApiError(res.status, message, body);
}

async function rawFetch(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(API_BASE + path, { credentials: 'same-origin', ...init });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new NetworkError();
  }
}

async function refreshWithCookie(): Promise<boolean> {
  // keepalive: a navigation or reload does not cancel it, so the rotated cookie still arrives; an
  // answer lost anyway is answered again within the server's grace window (docs/decisions/013).
  const res = await rawFetch('/auth/refresh', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json', [TRANSPORT_HEADER]: 'cookie' }, body: '{}' });
  if (!res.ok) return false;
  const pair = (await res.json()) as TokenPair;
  accessToken = pair.accessToken;
  return true;
}

/**
 * Asks for a new access token with the HttpOnly refresh cookie; one refresh at a time in this tab,
 * and across tabs through a Web Lock: refresh tokens are single-use and a reused one ends the
 * session (docs/decisions/011), so two windows must never present the same cookie. A tab that
 * waited on the lock sends the cookie the other tab's refresh just rotated.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request('pm-admin-refresh', refreshWithCookie) : await refreshWithCookie();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// The Idempotency-Key for the next request started synchronously (see withIdempotencyKey).
let nextKey: string | null = null;
const newIdempotencyKey = () => crypto.randomUUID();

/**
 * Runs `call` so that the write it starts synchronously carries `key` (an outbox step's own key,
 * docs/decisions/013). Other writes get a fresh key each, reused by their retry after a refresh.
 */
export function withIdempotencyKey<T>(key: string, call: () => T): T {
  const previous = nextKey;
  nextKey = key;
  try {
    return call();
  } finally {
    nextKey = previous;
  }
}

/** The key of a write being started now (taken once: a later request gets its own). */
function takeIdempotencyKey(): string {
  const key = nextKey ?? newIdempotencyKey();
  nextKey = null;
  return key;
}

export type RequestOptions = Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit; query?: Record<string, string | number | undefined | null> };

const NO_REFRESH = ['/auth/login', '/auth/refresh'];

function buildPath(path: string, query?: RequestOptions['query']) {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** Sends a request, refreshing once on 401; answers the parsed JSON (or null for 204). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  if (res.status === 204) return null as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.blob()) as T;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { json, query, headers, ...rest } = options;
  const url = buildPath(path, query);
  const method = (rest.method ?? 'GET').toUpperCase();
  const key = method === 'GET' || method === 'HEAD' ? null : takeIdempotencyKey();
  const attempt = () => {
    const h = new Headers(headers);
    if (key) h.set(IDEMPOTENCY_HEADER, key);
    if (json !== undefined) h.set('content-type', 'application/json');
    h.set(TRANSPORT_HEADER, 'cookie');
    if (accessToken) h.set('authorization', `Bearer ${accessToken}`);
    return rawFetch(url, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };
  let res = await attempt();
  if (res.status === 401 && !NO_REFRESH.includes(path)) {
    if (await refreshSession()) res = await attempt();
    if (res.status === 401) {
      onExpired?.();
      throw new ApiError(401, texts().session.expired);
    }
  }
  if (!res.ok) throw await readError(res);
  return res;
}

/**
 * `fetch` for the typed client (lib/client.ts): the same token, refresh and error handling as
 * `request`. hc builds '/api/…' URLs; `send` adds API_BASE itself.
 */
export function clientFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
  const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  return send(path, { ...init, body: init?.body ?? undefined });
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], init?: RequestOptions) => request<T>(path, { ...init, query }),
  post: <T>(path: string, json?: unknown) => request<T>(path, { method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json: unknown) => request<T>(path, { method: 'PUT', json }),
  patch: <T>(path: string, json?: unknown) => request<T>(path, { method: 'PATCH', json: json ?? {} }),
  del: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};

export async function login(email: string, password: string): Promise<LoginResponse> {
  const res = await rawFetch('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TRANSPORT_HEADER]: 'cookie' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) {
    const err = await readError(res);
    throw new ApiError(res.status, err.body ? err.message : texts().auth.loginFailed, err.body);
  }
  const answer = (await res.json()) as LoginResponse;
  accessToken = answer.accessToken;
  return answer;
}

export type UploadProgress = { loaded: number; total: number };
export type UploadHandle<T> = { promise: Promise<T>; abort: () => void };

/**
 * Multipart upload with progress events (fetch has none for request bodies). Refreshes once on 401
 * like `request`. Abort rejects with an AbortError.
 */
export function upload<T = unknown>(path: string, form: FormData, onProgress?: (p: UploadProgress) => void, method = 'POST'): UploadHandle<T> {
  let xhr: XMLHttpRequest | null = null;
  let aborted = false;
  const key = takeIdempotencyKey();
  const once = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      xhr = new XMLHttpRequest();
      xhr.open(method, API_BASE + path);
      xhr.setRequestHeader(TRANSPORT_HEADER, 'cookie');
      xhr.setRequestHeader(IDEMPOTENCY_HEADER, key);
      if (accessToken) xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
      xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
      xhr.onload = () => resolve({ status: xhr!.status, text: xhr!.responseText });
      xhr.onerror = () => reject(new NetworkError());
      xhr.onabort = () => reject(new DOMException(texts().documentForm.uploadCancelled, 'AbortError'));
      xhr.send(form);
    });
  const promise = (async () => {
    let res = await once();
    if (res.status === 401 && !aborted) {
      if (await refreshSession()) res = await once();
      if (res.status === 401) {
        onExpired?.();
        throw new ApiError(401, texts().session.expired);
      }
    }
    let body: unknown = null;
    try {
      body = res.text ? JSON.parse(res.text) : null;
    } catch {
      /* not JSON */
    }
    if (res.status < 200 || res.status >= 300) {
      const msg = body && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : fill(texts().common.errorStatus, { status: res.status });
      throw new ApiError(res.status, msg, body);
    }
    return body as T;
  })();
  return {
    promise,
    abort: () => {
      aborted = true;
      (xhr as XMLHttpRequest | null)?.abort();
    },
  };
}

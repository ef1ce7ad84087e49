// The transport under the admin's typed client (lib/client.ts): the access token kept in memory only,
// one refresh-and-retry on a 401, then the session ends ('Session expirée'); XHR for uploads' progress.
import { hc } from 'hono/client';
import type { AppType } from '@app/api';
import type { LoginResponse } from '@app/domain/auth';
import { adminLang, fill, texts } from './i18n.ts';
import { requestAnswered } from './online.ts';
import { IDEMPOTENCY_HEADER } from '@app/domain/idempotency';

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

/**
 * The error text a user sees: the server message when there is one, else the given fallback
 * (back-office section 8: "server message, else fallback"). 'Erreur {status}', the thrown error's
 * text when the answer had no `error`, is not a server message: the screen's fallback says more.
 */
export function errorText(e: unknown, fallback: string): string {
  if (e instanceof ApiError && hasErrorText(e.body) && e.message) return e.message;
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

/** Every error answer is a problem with the screen's text in `error` (docs/decisions/023). */
const hasErrorText = (body: unknown): body is { error: string } =>
  typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string';

async function readError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, hasErrorText(body) ? body.error : fill(texts().common.errorStatus, { status: res.status }), body);
}

/** A transport sends one request to a full '/api/…' URL: fetch, or XHR for an upload's progress. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** The API answers its messages in the admin's current language (decision 092). */
function inAdminLang(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('accept-language', adminLang.get());
  return { ...init, headers };
}

const rawFetch: Transport = async (url, init) => {
  try {
    const res = await fetch(url, { credentials: 'same-origin', ...inAdminLang(init) });
    requestAnswered(true);
    return res;
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    requestAnswered(false);
    throw new NetworkError();
  }
};

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;

// Sign-in and refresh go straight to the network: no refresh-and-retry around them, and no
// Idempotency-Key (the API never stores an answer that carries credentials).
const auth = hc<AppType>('/', { fetch: (input: RequestInfo | URL, init?: RequestInit) => rawFetch(urlOf(input), init ?? {}) }).api.auth;
const COOKIE_TRANSPORT = { headers: { [TRANSPORT_HEADER]: 'cookie' } };

async function refreshWithCookie(): Promise<boolean> {
  // keepalive: a navigation or reload does not cancel it, so the rotated cookie still arrives; an
  // answer lost anyway is answered again within the server's grace window (docs/decisions/013).
  const res = await auth.refresh.$post({ json: {} }, { ...COOKIE_TRANSPORT, init: { keepalive: true } });
  if (!res.ok) return false;
  accessToken = (await res.json()).accessToken;
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

/**
 * Sends one request of the typed client, refreshing once on 401; an error status throws ApiError.
 * A write carries an Idempotency-Key, the same on its retry after a refresh: the one its caller put in
 * the call's headers (an outbox step's own key, docs/decisions/013, through `keyed` in lib/client.ts),
 * else a fresh one.
 */
async function send(url: string, init: RequestInit, transport: Transport): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const key = method === 'GET' || method === 'HEAD' ? null : (new Headers(init.headers).get(IDEMPOTENCY_HEADER) ?? crypto.randomUUID());
  const attempt = () => {
    const h = new Headers(init.headers);
    if (key) h.set(IDEMPOTENCY_HEADER, key);
    h.set(TRANSPORT_HEADER, 'cookie');
    if (accessToken) h.set('authorization', `Bearer ${accessToken}`);
    return transport(url, { ...init, headers: h });
  };
  let res = await attempt();
  if (res.status === 401) {
    if (await refreshSession()) res = await attempt();
    if (res.status === 401) {
      onExpired?.();
      throw new ApiError(401, texts().session.expired);
    }
  }
  if (!res.ok) throw await readError(res);
  return res;
}

/** `fetch` for the typed client (lib/client.ts): token, one refresh on 401, ApiError on an error status. */
export function clientFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return send(urlOf(input), init ?? {}, rawFetch);
}

export type UploadProgress = { loaded: number; total: number };
export type UploadHandle<T> = { promise: Promise<T>; abort: () => void };

/** The same as clientFetch over XHR, whose request body reports progress (fetch's does not). */
export function uploadFetch(onProgress?: (p: UploadProgress) => void) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => send(urlOf(input), init ?? {}, xhrTransport(onProgress));
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** XHR as a Transport: the answer becomes a Response, so the typed client reads it as any other. */
function xhrTransport(onProgress?: (p: UploadProgress) => void): Transport {
  const aborted = () => new DOMException(texts().documentForm.uploadCancelled, 'AbortError');
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const { signal, body } = init;
      if (signal?.aborted) return reject(aborted());
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'POST', url);
      new Headers(inAdminLang(init).headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (e) => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
      xhr.onload = () =>
        resolve(
          new Response(NULL_BODY.has(xhr.status) ? null : xhr.response, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr),
          }),
        );
      xhr.onerror = () => reject(new NetworkError());
      xhr.onabort = () => reject(aborted());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body instanceof FormData ? body : null);
    });
}

export async function login(email: string, password: string): Promise<LoginResponse> {
  const res = await auth.login.$post({ json: { email, password } }, COOKIE_TRANSPORT);
  if (!res.ok) {
    throw await readError(res);
  }
  const answer = await res.json();
  accessToken = answer.accessToken;
  return answer;
}

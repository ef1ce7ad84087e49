// The admin's typed API client: Hono's hc over the API's own route types (AppType), so a change to a
// route's schema breaks the admin's type-check. Calls go through clientFetch (token, one refresh on
// 401, ApiError on an error status); `body()` reads the success answer with its type.
import { hc, parseResponse, type ClientRequestOptions, type ClientResponse } from 'hono/client';
import type { AppType } from '@app/api';
import { IDEMPOTENCY_HEADER } from '@app/domain/idempotency';
import { clientFetch, uploadFetch, type UploadHandle, type UploadProgress } from './api.ts';

export const client = hc<AppType>('/', { fetch: clientFetch }).api;

/**
 * The options of a write that carries its own Idempotency-Key (an outbox step's, so that a replay is
 * answered once); without a key the transport gives the write a fresh one.
 */
export const keyed = (key?: string): ClientRequestOptions => (key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {});

/** The typed JSON of a success answer (error statuses have already thrown ApiError in clientFetch). */
export const body = parseResponse;

type Call<A, R> = (args: A, options?: ClientRequestOptions) => Promise<R>;

/**
 * A multipart write through the typed client (`call` is the route's `$post`), over XHR so that
 * `onProgress` follows the body; its answer is the route's own type. `abort()` rejects with an AbortError.
 */
export function upload<A, R extends ClientResponse<unknown>>(
  call: Call<A, R>,
  args: A,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
  key?: string,
) {
  const controller = new AbortController();
  const promise = body(call(args, { ...keyed(key), fetch: uploadFetch(onProgress), init: { body: form, signal: controller.signal } }));
  return { promise, abort: () => controller.abort() } satisfies UploadHandle<unknown>;
}

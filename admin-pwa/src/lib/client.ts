// The admin's typed API client: Hono's hc over the API's own route types (AppType), so a change to a
// route's schema breaks the admin's type-check. Calls go through clientFetch (token, one refresh on
// 401, ApiError on an error status); `body()` reads the success answer with its type.
import { hc, parseResponse } from 'hono/client';
import type { AppType } from '@app/api';
import { clientFetch } from './api.ts';

export const client = hc<AppType>('/', { fetch: clientFetch }).api;

/** The typed JSON of a success answer (error statuses have already thrown ApiError in clientFetch). */
export const body = parseResponse;

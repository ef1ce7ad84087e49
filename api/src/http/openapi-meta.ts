// What a route says about itself for the OpenAPI document. Each piece rides on the handler it
// describes: `doc()` (summary and answers), `validate()` (params, query, body), the auth guards
// (security, 401/403) and rate limits (429). The document reads them back from `app.routes`, so a
// route without its `doc()` shows up in the coverage test instead of silently missing.
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

const OPENAPI = Symbol.for('provence-moteurs.openapi');

/** A success answer: a zod schema (JSON), a file, or text of one media type ('text/html'). */
export type Answer = z.ZodType | 'binary' | 'csv-or-json' | `text/${string}`;

export type RouteDoc = {
  summary: string;
  description?: string;
  /** Success answers by status (the first is the usual one). */
  responses: Record<number, Answer>;
  /** Error statuses this route answers beyond the ones its middleware imply, with why. */
  errors?: Record<number, string>;
  /** multipart/form-data fields: one file, several files, text, or text a schema describes. */
  multipart?: Record<string, 'file' | 'files' | 'string' | z.ZodType>;
  /** The media types a file part is accepted in (decided from its bytes): the document's `encoding`. */
  fileTypes?: readonly string[];
  deprecated?: boolean;
  /** An example request body. */
  example?: unknown;
};

export type RouteMeta = {
  doc?: RouteDoc;
  request?: { target: string; schema: z.ZodType };
  /** 'bearer': an access token (401/403); 'refresh-cookie': the refresh token cookie or body. */
  security?: 'bearer' | 'refresh-cookie';
  errors?: Record<number, string>;
};

export const withMeta = <H extends object>(handler: H, meta: RouteMeta): H => Object.assign(handler, { [OPENAPI]: meta });
export const readMeta = (handler: unknown): RouteMeta | undefined => (handler as { [OPENAPI]?: RouteMeta })[OPENAPI];

/** The route's own description; a no-op at request time. */
export const doc = (d: RouteDoc): MiddlewareHandler => withMeta<MiddlewareHandler>(async (_c, next) => next(), { doc: d });

/** A stored file served with ETag and Range (downloads, previews). */
export const fileDoc = (summary: string): MiddlewareHandler =>
  doc({ summary, responses: { 200: 'binary', 206: 'binary' }, errors: { 304: 'Not modified (ETag)', 416: 'Range not satisfiable' } });

// The one error shape, RFC 9457 problem details (application/problem+json): `error` keeps the text
// the screens show, `detail` repeats it for generic clients, `errors` lists every bad field.
import { STATUS_CODES } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

export type FieldError = { field: string; message: string };
export type Problem = { type: string; title: string; status: number; detail: string; error: string; errors?: FieldError[] };

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors?: FieldError[];
  constructor(status: ContentfulStatusCode, message: string, errors?: FieldError[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/** The problem body for a status and the message a user reads. */
export function problem(status: number, error: string, errors?: FieldError[]): Problem {
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: error, error, ...(errors ? { errors } : {}) };
}

export const fail = <S extends ContentfulStatusCode>(c: Context, status: S, error: string, errors?: FieldError[]) =>
  c.json(problem(status, error, errors), status, { 'content-type': PROBLEM_TYPE });

export function toErrorResponse(err: unknown, c: Context, onUnexpected: (err: unknown) => void) {
  if (err instanceof ApiError) return fail(c, err.status, err.message, err.errors);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return fail(c, status, err.message || (status === 413 ? 'Fichier trop volumineux' : 'Requête invalide'));
  }
  if (err instanceof SyntaxError) return fail(c, 400, 'JSON invalide');
  onUnexpected(err);
  return fail(c, 500, 'Erreur interne du serveur');
}

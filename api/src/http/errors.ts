// The one error shape, RFC 9457 problem details (application/problem+json): `error` keeps the text
// the screens show, `detail` repeats it for generic clients, `errors` lists every bad field. The texts
// are in the language the request's Accept-Language prefers (French by default, decision 092).
import { STATUS_CODES } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { localizeMessage, preferredLang } from '@app/domain/i18n/messages';
import type { Lang } from '@app/domain/lang';
import { requestMessages } from '@app/domain/api-messages';

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

/** The language the client asked its messages in (Accept-Language; French when it names neither). */
export const requestLang = (c: Context): Lang => preferredLang(c.req.header('accept-language'));

/** A message of the API in the client's language; answers carrying one vary by Accept-Language. */
export function localized(c: Context, text: string): string {
  c.header('vary', 'Accept-Language', { append: true });
  return localizeMessage(text, requestLang(c));
}

export const fail = <S extends ContentfulStatusCode>(c: Context, status: S, error: string, errors?: FieldError[]) =>
  c.json(
    problem(
      status,
      localized(c, error),
      errors?.map((e) => ({ field: e.field, message: localized(c, e.message) })),
    ),
    status,
    { 'content-type': PROBLEM_TYPE },
  );

export function toErrorResponse(err: unknown, c: Context, onUnexpected: (err: unknown) => void) {
  if (err instanceof ApiError) return fail(c, err.status, err.message, err.errors);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return fail(c, status, err.message || (status === 413 ? requestMessages.fileTooLarge : requestMessages.request));
  }
  if (err instanceof SyntaxError) return fail(c, 400, requestMessages.json);
  onUnexpected(err);
  return fail(c, 500, requestMessages.internal);
}

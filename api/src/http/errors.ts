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
import { Refusal, type FieldError, type RefusalKind } from '../services/refusal.ts';

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

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

/**
 * The language of this answer's messages: the one the client's Accept-Language prefers, French when
 * it names neither. Marks the answer `Vary: Accept-Language`, since its texts depend on that header.
 */
function answerLang(c: Context): Lang {
  c.header('vary', 'Accept-Language', { append: true });
  return preferredLang(c.req.header('accept-language'));
}

/** A message of the API (the spec's French) in the client's language. */
export const localized = (c: Context, text: string): string => localizeMessage(text, answerLang(c));

export function fail<S extends ContentfulStatusCode>(c: Context, status: S, error: string, errors?: FieldError[]) {
  const lang = answerLang(c);
  const fields = errors?.map((e) => ({ field: e.field, message: localizeMessage(e.message, lang) }));
  return c.json(problem(status, localizeMessage(error, lang), fields), status, { 'content-type': PROBLEM_TYPE });
}

/** The status of each way a service refuses (services/refusal.ts): the one place a domain outcome becomes HTTP. */
const REFUSAL_STATUS = { invalid: 400, 'not-found': 404, conflict: 409, unusable: 422 } as const satisfies Record<
  RefusalKind,
  ContentfulStatusCode
>;

export function toErrorResponse(err: unknown, c: Context, onUnexpected: (err: unknown) => void) {
  if (err instanceof ApiError) return fail(c, err.status, err.message, err.errors);
  if (err instanceof Refusal) return fail(c, REFUSAL_STATUS[err.kind], err.message, err.errors);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return fail(c, status, err.message || (status === 413 ? requestMessages.fileTooLarge : requestMessages.request));
  }
  if (err instanceof SyntaxError) return fail(c, 400, requestMessages.json);
  onUnexpected(err);
  return fail(c, 500, requestMessages.internal);
}

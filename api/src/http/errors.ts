// The one error shape: { error: "<message>" } with the right status, never a stack trace.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(status: ContentfulStatusCode, message: string) {
    super(message);
    this.status = status;
  }
}

export const fail = (c: Context, status: ContentfulStatusCode, error: string) => c.json({ error }, status);

export function toErrorResponse(err: unknown, c: Context, onUnexpected: (err: unknown) => void) {
  if (err instanceof ApiError) return fail(c, err.status, err.message);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return fail(c, status, err.message || (status === 413 ? 'Fichier trop volumineux' : 'Requête invalide'));
  }
  if (err instanceof SyntaxError) return fail(c, 400, 'JSON invalide');
  onUnexpected(err);
  return fail(c, 500, 'Erreur interne du serveur');
}

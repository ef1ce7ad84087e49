// Bodies the API reads whole (JSON and forms: parsed, and digested for an Idempotency-Key) stop at
// MAX_SMALL_BODY with 413, whether they declare their length or come chunked; nothing legitimate comes
// near it. Routes may set a lower limit of their own. Multipart uploads pass: they are limited while they
// stream to disk (http/uploads.ts).
import { createMiddleware } from 'hono/factory';
import { requestMessages } from '@app/domain/api-messages';
import type { AppEnv } from '../context.ts';
import { fail } from '../http/errors.ts';
import { isMultipart, readUpTo, requestStream } from '../http/request-body.ts';

const MAX_SMALL_BODY = 1024 * 1024;

export const smallBodies = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || isMultipart(c.req.header('content-type'))) return next();
  // HTTP/1.1: a body has a declared length or comes chunked (Transfer-Encoding).
  if (!c.req.header('transfer-encoding'))
    return Number(c.req.header('content-length') ?? 0) > MAX_SMALL_BODY ? fail(c, 413, requestMessages.tooLarge) : next();
  const stream = requestStream(c);
  if (!stream) return next();
  // Read here, at most MAX_SMALL_BODY; the handler reads it again from memory.
  const body = await readUpTo(stream, MAX_SMALL_BODY);
  if (!body) return fail(c, 413, requestMessages.tooLarge);
  c.req.raw = new Request(c.req.raw, { body });
  return next();
});

// Idempotency-Key on every write under /api (IETF httpapi draft "The Idempotency-Key HTTP Header
// Field"): the key is claimed before the route runs, recorded with a 2xx answer (by commitOnce, http/commit-once.ts,
// inside the write's transaction, else here just after it) and released on any other answer; a retry gets the
// recorded answer again and changes nothing. docs/decisions/013, docs/api.md.
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { idempotencyMessages, isValidIdempotencyKey } from '@app/domain/idempotency';
import type { AppEnv, Deps, PendingKey } from '../context.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError } from '../http/errors.ts';
import {
  bodyDigestOf,
  claimKey,
  EMPTY_BODY_DIGEST,
  fingerprintOf,
  newClaim,
  readLimitOf,
  recordOutcome,
  releaseClaim,
  renewClaim,
  sha256,
} from '../services/idempotency.ts';
import { apiTokensFor, isApiToken } from '../services/api-tokens.ts';
import { digestMultipart } from '../http/uploads.ts';
import { bearerToken } from './auth.ts';
import { isMultipart } from '../http/request-body.ts';
import { holdForTest } from '../http/test-hold.ts';

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Sign-in, refresh and password change answer with credentials, which are never stored in clear
 * (only their hashes are); a lost refresh answer has its own grace window instead. So do an API
 * token's creation and regeneration (its value is shown once: decision 130).
 */
const CREDENTIAL_PATHS = /^\/api\/(?:auth\/(?:login|refresh|change-password)|admin\/api-tokens(?:\/[^/]+\/regenerate)?)$/;

/** The writes a visitor may make without signing in: the contact and newsletter forms. */
const PUBLIC_WRITES = /^\/api\/(?:inquiries|newsletter\/(?:subscribe|confirm|unsubscribe|unsubscribe\/one-click))$/;

/**
 * A signed-in admin's keys are theirs alone, an API token's its own; the public forms' keys belong to the client address.
 * Undefined for an anonymous request elsewhere: its route refuses it before reading a byte of its body.
 */
async function scopeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0], deps: Deps): Promise<string | undefined> {
  const token = bearerToken(c);
  // An API token's keys are its own, apart from its creator's (decision 130).
  if (token && isApiToken(token)) {
    const found = await apiTokensFor(deps.db).authenticate(token, deps.clock());
    return found.ok ? `api-token:${found.token.id}` : undefined;
  }
  const signedIn = token ? await deps.sessions.authenticate(token) : null;
  if (signedIn) return `user:${signedIn.user.id}`;
  return PUBLIC_WRITES.test(c.req.path) ? `client:${clientIp(c, deps.env.TRUST_PROXY)}` : undefined;
}

/**
 * SHA-256 of a JSON or form body, read from a copy so that the handler still reads the original; its size
 * is already bounded (small-bodies.ts, mounted before).
 */
async function digestSmallBody(request: Request): Promise<string> {
  if (!request.body) return EMPTY_BODY_DIGEST;
  const body = Buffer.from(await request.clone().arrayBuffer());
  return bodyDigestOf(sha256(body), body.length);
}

export function idempotency(deps: Deps): MiddlewareHandler<AppEnv> {
  const { db, env, log } = deps;
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !WRITES.has(c.req.method)) return next();
    if (!isValidIdempotencyKey(key)) throw new ApiError(400, idempotencyMessages.malformed);
    if (CREDENTIAL_PATHS.test(c.req.path)) return next();

    const scope = await scopeOf(c, deps);
    if (scope === undefined) return next();
    const pending: PendingKey = { scope, key, method: c.req.method, path: c.req.path, claim: newClaim(), recorded: false };
    // A multipart body is digested as the handler reads it: its fingerprint is known only when it is recorded.
    if (!isMultipart(c.req.header('content-type'))) c.set('bodyDigest', await digestSmallBody(c.req.raw));
    const digest = c.get('bodyDigest');
    const fingerprint = digest === undefined ? null : fingerprintOf(pending.method, pending.path, digest);
    // The claim is a row in the database, so a twin on any instance finds it: never run twice.
    const claim = await claimKey(db, pending, fingerprint, env.IDEMPOTENCY_LEASE_MS);
    if (!claim.claimed) {
      if ('running' in claim) {
        if (fingerprint && claim.running.fingerprint && claim.running.fingerprint !== fingerprint)
          throw new ApiError(422, idempotencyMessages.mismatch);
        throw new ApiError(409, idempotencyMessages.inProgress);
      }
      const { stored } = claim;
      // A multipart replay is read only as far as the first request went: a bigger one is another request.
      const replayed =
        fingerprint ?? fingerprintOf(pending.method, pending.path, await digestMultipart(c, readLimitOf(stored.fingerprint ?? '')));
      if (replayed !== stored.fingerprint) throw new ApiError(422, idempotencyMessages.mismatch);
      const headers = new Headers(JSON.parse(stored.headers ?? '{}') as Record<string, string>);
      headers.set('Idempotent-Replayed', 'true');
      return new Response(stored.body, { status: stored.status, headers });
    }

    const renewal = setInterval(
      () =>
        void renewClaim(db, pending, env.IDEMPOTENCY_LEASE_MS).catch((err: unknown) =>
          log.warn('idempotency claim not renewed', { error: String(err) }),
        ),
      env.IDEMPOTENCY_LEASE_MS / 3,
    );
    renewal.unref();
    try {
      if (env.TEST_HOLD_DIR) await holdForTest(env.TEST_HOLD_DIR, c.req.header('x-test-hold'));
      c.set('idempotency', pending);
      await next();
      // Routes that do not record through respondOnce are recorded here, just after their change:
      // only a crash in between can lose the record (the decision lists those routes).
      const res = c.res;
      if (!pending.recorded && res.status >= 200 && res.status < 300) {
        const body = await res.clone().text();
        const contentType = res.headers.get('content-type');
        await recordOutcome(
          db,
          pending,
          c.get('bodyDigest') ?? EMPTY_BODY_DIGEST,
          res.status,
          contentType ? { 'content-type': contentType } : {},
          body,
        );
        pending.recorded = true;
      }
    } finally {
      clearInterval(renewal);
      // A failed request changed nothing: its key is free for a retry.
      if (!pending.recorded)
        await releaseClaim(db, pending).catch((err: unknown) => log.warn('idempotency claim not released', { error: String(err) }));
    }
  });
}

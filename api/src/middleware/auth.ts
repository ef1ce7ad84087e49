// Guards for authenticated routes: a bearer access token naming a live session, the admin role,
// no pending forced password change; and the cross-site check for cookie-authenticated calls.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { fail } from '../http/errors.ts';
import { withMeta } from '../http/openapi-meta.ts';
import { tokenMayReach } from '../http/token-access.ts';
import { apiTokensFor, isApiToken } from '../services/api-tokens.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { authMessages, requestMessages } from '@app/domain/api-messages';
import { apiTokenMessages } from '@app/domain/api-tokens';

export { authMessages };

/** The token of `Authorization: Bearer <token>`; tokens are never read from URLs. */
export function bearerToken(c: Context): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]{1,512})[ \t]*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1] ?? null;
}

type Options = {
  /** Only 'admin' may pass (every back-office route). */
  adminOnly?: boolean;
  /** The forced password change and logout must stay reachable while a change is pending. */
  allowPendingPasswordChange?: boolean;
};

export const requireSession = (
  deps: Deps,
  { adminOnly = false, allowPendingPasswordChange = false }: Options = {},
): MiddlewareHandler<AppEnv> => {
  const { db } = deps;
  const tokenLimiter = createRateLimiter(db, 'api-token', { limit: deps.env.API_TOKEN_RATE_PER_MINUTE, windowMs: 60_000 });
  return withMeta<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) return fail(c, 401, authMessages.noToken);
    if (isApiToken(token)) {
      // Routes no token reaches answer 403 before the token is even looked up (token-access.ts).
      if (tokenMayReach({ access: 'full', permissions: null }, c.req.method, c.req.path) === 'never')
        return fail(c, 403, apiTokenMessages.neverWithToken);
      const found = await apiTokensFor(db).authenticate(token, deps.clock());
      if (!found.ok) return fail(c, 401, found.reason === 'expired' ? apiTokenMessages.expired : apiTokenMessages.revoked);
      if (tokenMayReach(found.token, c.req.method, c.req.path) !== 'allowed') return fail(c, 403, apiTokenMessages.forbidden);
      const key = String(found.token.id);
      if (!(await tokenLimiter.hit(key))) {
        c.header('Retry-After', String(Math.ceil((await tokenLimiter.retryAfterMs(key)) / 1000) || 1));
        return fail(c, 429, requestMessages.tooManyRequests);
      }
      c.set('user', found.token.user);
      c.set('apiTokenId', found.token.id);
      return next();
    }
    const found = await deps.sessions.authenticate(token);
    if (!found) return fail(c, 401, authMessages.expired);
    if (adminOnly && found.user.role !== 'admin') return fail(c, 403, authMessages.notAdmin);
    if (found.user.mustChangePassword && !allowPendingPasswordChange) return fail(c, 403, authMessages.mustChangePassword);
    c.set('user', found.user);
    c.set('sessionId', found.session.id);
    await next();
  }, GUARD_META);
};

const GUARD_META = {
  security: 'bearer',
  errors: {
    401: 'No access token, the session expired, or the API token expired or was revoked (the answer says which)',
    403: 'Not an administrator, the password must be changed first, or the API token does not grant this route',
    429: 'Too many requests with this API token (Retry-After)',
  },
} as const;

/** Every back-office route: a live session, role 'admin', password change done. */
export const requireAdmin = (deps: Deps): MiddlewareHandler<AppEnv> => requireSession(deps, { adminOnly: true });

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by a browser from another site. Applied where a cookie
 * authenticates the call (the refresh cookie): bearer calls cannot be forged cross-site anyway.
 * Browsers send Sec-Fetch-Site and Origin on such requests; non-browser clients send neither.
 */
export const sameSiteOnly = ({ env }: Deps): MiddlewareHandler<AppEnv> =>
  withMeta<MiddlewareHandler<AppEnv>>(
    async (c, next) => {
      if (SAFE_METHODS.has(c.req.method)) return next();
      const fetchSite = c.req.header('sec-fetch-site');
      if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return fail(c, 403, authMessages.crossSite);
      const origin = c.req.header('origin');
      if (origin !== undefined && !isOwnOrigin(c, origin, env.publicUrl, env.TRUST_PROXY)) return fail(c, 403, authMessages.crossSite);
      await next();
    },
    { security: 'refresh-cookie', errors: { 403: 'Cross-site request refused' } },
  );

function isOwnOrigin(c: Context, origin: string, publicUrl: string, trustProxy: boolean): boolean {
  let host: string;
  try {
    if (origin === new URL(publicUrl).origin) return true;
    host = new URL(origin).host;
  } catch {
    return false; // 'null' or garbage
  }
  const ownHost = (trustProxy && c.req.header('x-forwarded-host')?.split(',')[0]?.trim()) || c.req.header('host');
  return !!ownHost && host === ownHost.toLowerCase();
}

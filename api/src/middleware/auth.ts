// Guards for authenticated routes: a bearer access token naming a live session, the admin role,
// no pending forced password change; and the cross-site check for cookie-authenticated calls.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { fail } from '../http/errors.ts';
import { withMeta } from '../http/openapi-meta.ts';
import { sessionsFor } from '../services/sessions.ts';
import { authMessages } from '@app/domain/api-messages';

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
  { db }: Deps,
  { adminOnly = false, allowPendingPasswordChange = false }: Options = {},
): MiddlewareHandler<AppEnv> =>
  withMeta<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) return fail(c, 401, authMessages.noToken);
    const found = await sessionsFor(db).authenticate(token);
    if (!found) return fail(c, 401, authMessages.expired);
    if (adminOnly && found.user.role !== 'admin') return fail(c, 403, authMessages.notAdmin);
    if (found.user.mustChangePassword && !allowPendingPasswordChange) return fail(c, 403, authMessages.mustChangePassword);
    c.set('user', found.user);
    c.set('sessionId', found.session.id);
    await next();
  }, GUARD_META);

const GUARD_META = {
  security: 'bearer',
  errors: { 401: 'No access token, or the session expired', 403: 'Not an administrator, or the password must be changed first' },
} as const;

/** Every back-office route: a live session, role 'admin', password change done. */
export const requireAdmin = (deps: Deps): MiddlewareHandler<AppEnv> => requireSession(deps, { adminOnly: true });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

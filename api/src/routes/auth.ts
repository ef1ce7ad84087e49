// /api/auth: sign-in, token refresh, profile, session expiry and extension, password change, logout.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ChangePasswordSchema, LoginSchema, passwordMessages, RefreshSchema, type AuthUser, type LoginResponse } from '@app/domain/auth';
import type { AppEnv, Deps, SessionUser } from '../context.ts';
import { clientIp } from '../http/client-ip.ts';
import { validate } from '../http/validate.ts';
import { requireSession, sameSiteOnly } from '../middleware/auth.ts';
import { createLoginGuard } from '../services/auth-login.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, wantsCookieTransport } from '../http/auth-cookie.ts';
import { fail } from '../http/errors.ts';
import type { IssuedTokens } from '../services/sessions.ts';
import { changePassword, findUserByEmail, findUserById } from '../services/users.ts';
import { doc } from '../http/openapi-meta.ts';
import * as A from './answers.ts';
import { authRouteMessages, requestMessages } from '@app/domain/api-messages';

export { authRouteMessages };

const toUser = ({ id, name, email, role, mustChangePassword }: SessionUser): AuthUser => ({ id, name, email, role, mustChangePassword });

/** GET /auth/session and POST /auth/extend answer alike. */
const sessionAnswer = (s: { expiresAt: Date; absoluteExpiresAt: Date }) => ({
  expiresAt: s.expiresAt.toISOString(),
  absoluteExpiresAt: s.absoluteExpiresAt.toISOString(),
});

/** The login answer; the refresh token goes in the body, in the cookie, or (API clients) both ways. */
function tokenResponse(c: Context, deps: Deps, tokens: IssuedTokens, user: AuthUser, cookieOnly: boolean): LoginResponse {
  setRefreshCookie(c, deps.env, tokens);
  return {
    accessToken: tokens.accessToken,
    ...(cookieOnly ? {} : { refreshToken: tokens.refreshToken }),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
    expiresAt: tokens.expiresAt.toISOString(),
    absoluteExpiresAt: tokens.absoluteExpiresAt.toISOString(),
    user,
  };
}

export const authRoutes = (deps: Deps) => {
  const { db, env, log } = deps;
  const { sessions } = deps;
  const guard = createLoginGuard(db);
  const signedIn = requireSession(deps, { allowPendingPasswordChange: true });
  // Credentials are a few hundred bytes; nothing bigger is read into memory.
  const smallBody = bodyLimit({ maxSize: 16 * 1024, onError: (c) => fail(c, 413, requestMessages.tooLarge) });

  return new Hono<AppEnv>()
    .post(
      '/auth/login',
      doc({
        summary: 'Sign in: access token, refresh token (body and/or cookie) and the user',
        responses: { 200: A.LoginAnswer },
        errors: { 401: 'Wrong e-mail or password', 413: 'Body too large', 429: 'Too many sign-in attempts (Retry-After)' },
        example: { email: 'admin@example.com', password: 'Secret-Passw0rd!' },
      }),
      // The address limit is checked before the body is even read: floods stop here.
      async (c, next) => {
        const wait = await guard.addressWait(clientIp(c, env.TRUST_PROXY));
        if (wait > 0) return tooMany(c, wait);
        await next();
      },
      smallBody,
      validate('json', LoginSchema),
      async (c) => {
        const { email, password } = c.req.valid('json');
        const ip = clientIp(c, env.TRUST_PROXY);
        const user = await findUserByEmail(db, email);
        const attempt = await guard.attempt({
          ip,
          account: user ? `user:${user.id}` : `email:${email}`,
          passwordHash: user?.passwordHash,
          password,
        });
        if (attempt.limited) return tooMany(c, attempt.retryAfterMs);
        if (!attempt.ok || !user) {
          log.info('sign-in failed', { ip });
          return fail(c, 401, authRouteMessages.loginFailed);
        }
        await sessions.purgeExpired();
        const tokens = await sessions.create(user.id);
        log.info('signed in', { userId: user.id, sessionId: tokens.sessionId, ip });
        return c.json(tokenResponse(c, deps, tokens, toUser(user), wantsCookieTransport(c)));
      },
    )
    .post(
      '/auth/refresh',
      doc({
        summary: 'New token pair from the refresh token (body or cookie); a reused token revokes the session',
        responses: { 200: A.LoginAnswer },
        errors: { 401: 'No refresh token, or it cannot be renewed', 413: 'Body too large' },
      }),
      sameSiteOnly(deps),
      smallBody,
      validate('json', RefreshSchema),
      async (c) => {
        const fromBody = c.req.valid('json').refreshToken;
        const token = fromBody ?? readRefreshCookie(c);
        if (!token) return fail(c, 401, authRouteMessages.noRefreshToken);
        const outcome = await sessions.refresh(token, Date.now(), env.REFRESH_GRACE_MS);
        if (!outcome.ok) {
          clearRefreshCookie(c, env);
          if (outcome.reason === 'reused') log.warn('refresh token reused: session revoked', { ip: clientIp(c, env.TRUST_PROXY) });
          return fail(c, 401, authRouteMessages.refreshFailed);
        }
        const user = await findUserById(db, outcome.userId);
        if (!user) return fail(c, 401, authRouteMessages.refreshFailed);
        // A cookie-based client keeps getting cookies only; a body-based client keeps getting bodies.
        return c.json(tokenResponse(c, deps, outcome.tokens, toUser(user), !fromBody || wantsCookieTransport(c)));
      },
    )
    .get('/auth/profile', doc({ summary: 'The signed-in user', responses: { 200: A.AuthUserAnswer } }), requireSession(deps), (c) =>
      c.json(toUser(c.var.user)),
    )
    .get(
      '/auth/session',
      doc({ summary: 'When the session expires (idle and absolute)', responses: { 200: A.SessionAnswer } }),
      requireSession(deps),
      async (c) => {
        const session = (await sessions.find(c.var.sessionId))!;
        return c.json(sessionAnswer(session));
      },
    )
    .post(
      '/auth/extend',
      doc({
        summary: 'Extends the session (idle timeout)',
        responses: { 200: A.SessionAnswer },
        errors: { 401: 'The session cannot be extended' },
      }),
      requireSession(deps),
      async (c) => {
        const session = await sessions.extend(c.var.sessionId);
        if (!session) return fail(c, 401, authRouteMessages.extendFailed);
        return c.json(sessionAnswer(session));
      },
    )
    .post(
      '/auth/change-password',
      doc({
        summary: 'Changes the password; every other session ends, a new token pair is returned',
        responses: { 200: A.PasswordChangedAnswer },
        errors: { 400: 'Wrong current password or weak new password', 413: 'Body too large', 429: 'Too many attempts' },
      }),
      signedIn,
      smallBody,
      validate('json', ChangePasswordSchema),
      async (c) => {
        const { currentPassword, newPassword } = c.req.valid('json');
        const me = c.var.user;
        const row = await findUserById(db, me.id);
        if (!row) return fail(c, 400, passwordMessages.changeFailed);
        const attempt = await guard.attempt({
          ip: clientIp(c, env.TRUST_PROXY),
          account: `user:${row.id}`,
          passwordHash: row.passwordHash,
          password: currentPassword,
        });
        if (attempt.limited) return tooMany(c, attempt.retryAfterMs);
        // 400, not 401: a 401 would make the admin's client sign the user out.
        if (!attempt.ok) return fail(c, 400, passwordMessages.currentWrong);
        // Every earlier token dies, this session's too; the caller continues with the new pair.
        const tokens = await changePassword(deps, row.id, newPassword);
        log.info('password changed', { userId: row.id });
        const user = toUser({ ...me, mustChangePassword: false });
        return c.json({ message: 'Mot de passe modifié avec succès', ...tokenResponse(c, deps, tokens, user, wantsCookieTransport(c)) });
      },
    )
    .post(
      '/auth/logout',
      doc({ summary: 'Ends this session and clears the refresh cookie', responses: { 200: A.Success } }),
      signedIn,
      async (c) => {
        await sessions.revoke(c.var.sessionId, 'logout');
        clearRefreshCookie(c, env);
        log.info('signed out', { userId: c.var.user.id });
        return c.json({ success: true });
      },
    );
};

function tooMany(c: Context, retryAfterMs: number) {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return fail(c, 429, authRouteMessages.tooManyAttempts);
}

// The admin PWA's refresh token: an HttpOnly, SameSite=Strict cookie sent only to the refresh path,
// so no token lives in Web Storage (docs/decisions/010-tokens-not-in-web-storage.md).
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../env.ts';
import type { IssuedTokens } from '../services/sessions.ts';

export const REFRESH_COOKIE = 'pm_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth/refresh';
/** A client that sends this header (value 'cookie') gets its refresh token only as the cookie. */
export const TOKEN_TRANSPORT_HEADER = 'x-token-transport';

const isHttps = (c: Context, env: Env) =>
  env.publicUrl.startsWith('https:') ||
  new URL(c.req.url).protocol === 'https:' ||
  (env.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https');

export const wantsCookieTransport = (c: Context) => c.req.header(TOKEN_TRANSPORT_HEADER)?.toLowerCase() === 'cookie';

export function setRefreshCookie(c: Context, env: Env, tokens: IssuedTokens) {
  setCookie(c, REFRESH_COOKIE, tokens.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c, env),
    maxAge: Math.max(0, Math.floor((tokens.absoluteExpiresAt.getTime() - Date.now()) / 1000)),
  });
}

export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE) || undefined;

export function clearRefreshCookie(c: Context, env: Env) {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: isHttps(c, env) });
}

// POST /preferences: the theme toggle's form target, so it works without JavaScript (legal pages).
import type { APIRoute } from 'astro';
import { THEME_COOKIE } from '@app/domain/site-routing';
import { safeNextPath } from '../lib/safe-next-path.ts';
import { preferenceCookie, secureCookies } from '../lib/html-response.ts';

export const POST: APIRoute = async ({ request, url, locals }) => {
  const form = await request.formData().catch(() => null);
  const theme = form?.get('theme') === 'dark' ? 'dark' : 'light';
  const headers = new Headers({ location: safeNextPath(String(form?.get('next') ?? '/')), 'cache-control': 'no-store' });
  headers.append('set-cookie', preferenceCookie(THEME_COOKIE, theme, secureCookies(locals.config, url)));
  return new Response(null, { status: 303, headers });
};

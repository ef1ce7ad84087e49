// The double opt-in pages: a GET shows a button, the button POSTs the token, which the page hands
// to the API (so link scanners that only GET confirm or cancel nothing).
import type { AstroGlobal } from 'astro';
import { apiFetch } from './api.ts';

export type NewsletterResult = { token: string; outcome: 'form' | 'done' | 'invalid' | 'failed' };

const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

export async function newsletterAction(Astro: AstroGlobal, kind: 'confirm' | 'unsubscribe'): Promise<NewsletterResult> {
  if (Astro.request.method !== 'POST') {
    const token = Astro.url.searchParams.get('token') ?? '';
    return { token, outcome: TOKEN.test(token) ? 'form' : 'invalid' };
  }
  const form = await Astro.request.formData().catch(() => null);
  const token = String(form?.get('token') ?? '');
  // Refused as the API refuses a token it does not know: a client sees the 400, not only the page's words.
  if (!TOKEN.test(token)) {
    Astro.response.status = 400;
    return { token, outcome: 'invalid' };
  }
  const res = await apiFetch(Astro.locals, `/api/newsletter/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).catch(() => null);
  if (!res) return { token, outcome: 'failed' };
  if (res.ok) return { token, outcome: 'done' };
  Astro.response.status = res.status >= 500 ? 502 : 400;
  return { token, outcome: res.status === 400 || res.status === 404 || res.status === 410 ? 'invalid' : 'failed' };
}

// The contact page, and its form without JavaScript. The form's POST (form-encoded) goes to the API's own
// route, POST /api/inquiries, in-process and as the visitor (http/origin.ts, locals.visitorApi): the size
// limit, the per-address limit (shared with the island's JSON calls), the validation, the honeypot and the
// storage are that route's, not a copy. A stored message redirects (Post/Redirect/Get) to the page with the
// success text; a refusal shows the page again with each field's error, worded as the island words it in
// the page's language, and what the visitor typed. Cross-site posts never get here (the middleware's Origin check, decision 119).
import type { AstroGlobal } from 'astro';
import { fill } from '@app/domain/i18n/index';
import { formatWait } from '@app/domain/format';
import { localizeMessage } from '@app/domain/i18n/messages';
import {
  HONEYPOT_FIELD,
  INQUIRY_FIELDS,
  inquiryErrorIn,
  inquiryInputOf,
  type InquiryField,
  type InquiryFieldErrors,
  serverFieldErrors,
  type ProblemFieldErrors,
} from '@app/domain/inquiry-rules';
import { apiFetchAsVisitor } from './api.ts';
import { loadProduct } from './catalogue.server.ts';
import { pageContext } from './page.ts';

/** The form's first state as the server renders it: after a post without JavaScript, or the redirect that follows. */
export type ContactInitial = {
  status: 'idle' | 'success' | 'error';
  values?: Partial<Record<InquiryField, string>>;
  errors?: InquiryFieldErrors;
  detail?: string;
};

export type ContactPage = { reference: string; initial: ContactInitial };

/** The query parameter of the page shown after a stored message (the Get of Post/Redirect/Get). */
export const SENT_PARAM = 'sent';

/** What a browser's form sends; anything else is not this form. */
const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/** The listing a quote request is about (`?ref=12`), as the page shows it. */
async function referenceOf(Astro: AstroGlobal): Promise<string> {
  const ref = (Astro.url.searchParams.get('ref') ?? '').trim().slice(0, 20);
  if (!/^\d+$/.test(ref)) return '';
  const listing = await loadProduct(Astro.locals, ref, Astro.locals.lang).catch(() => null);
  return listing ? `#${listing.id} – ${listing.title}` : `#${ref}`;
}

/** Seconds to wait from a 429's Retry-After (the API sends seconds), else none. */
function retryAfterSeconds(res: Response): number | null {
  const seconds = Number(res.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The page's state for a GET, or the answer to the form's POST: a redirect, or the state to show again. */
export async function contactPage(Astro: AstroGlobal): Promise<ContactPage | Response> {
  const reference = await referenceOf(Astro);
  if (Astro.request.method !== 'POST') {
    return { reference, initial: { status: Astro.url.searchParams.get(SENT_PARAM) === '1' ? 'success' : 'idle' } };
  }
  const { t, lang } = pageContext(Astro.locals);
  const refused = (status: number, state: Omit<ContactInitial, 'status'>): ContactPage => {
    Astro.response.status = status;
    return { reference, initial: { status: 'error', ...state } };
  };
  if (!FORM_TYPE.test(Astro.request.headers.get('content-type') ?? '')) return refused(415, { detail: t.contact.sendFallback });
  const form = await Astro.request.formData().catch(() => null);
  if (!form) return refused(400, { detail: t.contact.sendFallback });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(INQUIRY_FIELDS.map((f) => [f, text(f)])) as Record<InquiryField, string>;
  const input = inquiryInputOf({ ...values, [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) }, lang, reference);

  // French: the API's messages are then its ids, which this page words in its own language (below).
  const call = { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'fr' }, body: JSON.stringify(input) };
  const res = await apiFetchAsVisitor(Astro.locals, '/api/inquiries', call).catch(() => null);
  if (!res) return refused(502, { values, detail: t.contact.sendFallback });
  if (res.ok) {
    await res.body?.cancel();
    const location = `${Astro.url.pathname}?${SENT_PARAM}=1`;
    return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  }
  if (res.status === 429) {
    const wait = retryAfterSeconds(res);
    if (wait) Astro.response.headers.set('retry-after', String(Math.ceil(wait)));
    return refused(429, { values, detail: wait ? fill(t.contact.retryIn, { wait: formatWait(wait, lang) }) : t.contact.retryLater });
  }
  const body = (await res.json().catch(() => null)) as ({ error?: unknown } & ProblemFieldErrors) | null;
  // Every field the API names, its message (asked in French, the ids) worded as the island words it.
  const errors = Object.fromEntries(
    Object.entries(serverFieldErrors(body)).map(([field, message]) => [
      field,
      inquiryErrorIn(message, lang) ?? localizeMessage(message, lang),
    ]),
  ) as InquiryFieldErrors;
  const named = Object.keys(errors).length > 0;
  const detail = named
    ? undefined
    : typeof body?.error === 'string' && body.error
      ? localizeMessage(body.error, lang)
      : t.contact.sendFallback;
  return refused(res.status >= 500 ? 502 : res.status, { values, errors, detail });
}

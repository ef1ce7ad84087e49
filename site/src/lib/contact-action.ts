// The contact page, and its form without JavaScript. The form's POST (form-encoded) goes to the API's own
// route, POST /api/inquiries, in-process and as the visitor (http/origin.ts, locals.visitorApi): the size
// limit, the per-address limit (shared with the island's JSON calls), the validation, the honeypot and the
// storage are that route's, not a copy. A stored message redirects (Post/Redirect/Get) to the page with the
// success text; a refusal shows the page again with each field's error, worded as the island words it in
// the page's language, and what the visitor typed. Cross-site posts never get here (the middleware's
// Origin check, docs/decisions/119-forms-behind-a-proxy.md).
import type { AstroGlobal } from 'astro';
import { fill } from '@app/domain/i18n/index';
import { formatWait } from '@app/domain/format';
import {
  HONEYPOT_FIELD,
  INQUIRY_FIELDS,
  inquiryInputOf,
  REFERENCE_FIELD,
  refusedFieldErrors,
  type InquiryField,
  type InquiryFieldErrors,
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

/** A listing's id as the site's links write it (`/contact?ref=12`): the ids loadProduct reads, no sign, no leading zero. */
const LISTING_ID = /^[1-9]\d{0,11}$/;

/**
 * The listing id a quote request names: one `ref`, a listing's id, else none. Anything else (huge, not a
 * number, a NUL, a second `ref`) names no listing and is never looked up; the length before the pattern.
 */
function listingIdOf(url: URL): string | null {
  const refs = url.searchParams.getAll('ref');
  const ref = refs.length === 1 ? refs[0]! : '';
  return ref.length <= 12 && LISTING_ID.test(ref) ? ref : null;
}

/** The listing a quote request is about, as the page shows it and the message stores it: '#12 – Title'. */
async function referenceOf(Astro: AstroGlobal): Promise<string> {
  const id = listingIdOf(Astro.url);
  if (!id) return '';
  const listing = await loadProduct(Astro.locals, id, Astro.locals.lang).catch(() => null);
  return listing ? `#${listing.id} – ${listing.title}` : `#${id}`;
}

/** Seconds to wait from a 429's Retry-After (the API sends seconds), else none. */
function retryAfterSeconds(res: Response): number | null {
  const seconds = Number(res.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The page's state for a GET, or the answer to the form's POST: a redirect, or the state to show again. */
export async function contactPage(Astro: AstroGlobal): Promise<ContactPage | Response> {
  if (Astro.request.method !== 'POST') {
    const status = Astro.url.searchParams.get(SENT_PARAM) === '1' ? 'success' : 'idle';
    return { reference: await referenceOf(Astro), initial: { status } };
  }
  const { t, lang } = pageContext(Astro.locals);
  // Only a refusal shows the page again, with the listing looked up from the URL; a stored message
  // carries the reference the form sent (REFERENCE_FIELD), as the island's does.
  const refused = async (status: number, state: Omit<ContactInitial, 'status'>): Promise<ContactPage> => {
    const reference = await referenceOf(Astro);
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
  const input = inquiryInputOf({ ...values, [HONEYPOT_FIELD]: text(HONEYPOT_FIELD) }, lang, text(REFERENCE_FIELD));

  // In the page's language, as the island asks: a message the page shows as it comes (no field named) is then the visitor's.
  const call = { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: JSON.stringify(input) };
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
  // Every field the API names, in the site's words for that field (refusedFieldErrors), as the island shows them.
  const errors = res.status === 400 ? refusedFieldErrors(body, input, lang) : {};
  const named = Object.keys(errors).length > 0;
  const detail = named ? undefined : typeof body?.error === 'string' && body.error ? body.error : t.contact.sendFallback;
  return refused(res.status >= 500 ? 502 : res.status, { values, errors, detail });
}

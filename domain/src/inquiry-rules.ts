// The contact form's rules and error texts without zod: the site's island checks a message before
// sending it without shipping the schema library (the page's script budget), and reads the API's
// refusals. InquiryInputSchema (inquiries.ts) is built from the same limits and texts, and a test
// holds the two to the same verdicts.
import { headerSafe } from './header-text.ts';
import { isSimpleEmail } from './email-format.ts';

import type { Lang } from './lang.ts';

export const INQUIRY_LIMITS = { name: 200, email: 254, phone: 40, message: 5000, reference: 200 } as const;

/** The error texts in each language. The schema speaks French; the API answers these in English too (i18n/messages.ts). */
export const INQUIRY_ERRORS = {
  fr: {
    nameRequired: 'Le nom est requis',
    emailRequired: "L'adresse e-mail est requise",
    emailInvalid: 'Adresse e-mail invalide',
    messageRequired: 'Le message est requis',
    tooLong: '{max} caractères au maximum',
  },
  en: {
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    messageRequired: 'Please enter a message',
    tooLong: '{max} characters at most',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export const tooLong = (max: number, lang: Lang = 'fr') => INQUIRY_ERRORS[lang].tooLong.replace('{max}', String(max));

/**
 * A one-line text: line breaks (and other control characters) become single spaces, so a value can
 * never start a new mail header even if a later change put it in one.
 */
/**
 * A one-line text: line breaks, control and bidi characters are cleaned (header-text.ts), so a value
 * can never start a new mail header even if a later change put it in one.
 */
export const oneLine = headerSafe;

/** The form's fields a visitor fills in, each of which can carry its own error. */
export const INQUIRY_FIELDS = ['name', 'phone', 'email', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type InquiryFieldErrors = Partial<Record<InquiryField, string>>;

/** Name of the hidden field a person never fills in; a value there marks a bot. */
export const HONEYPOT_FIELD = 'website';

/**
 * What the form sends to POST /inquiries from its fields as typed: the island's JSON call and the page's
 * own post without JavaScript (site/src/lib/contact-action.ts) send the same input to the same route.
 */
export function inquiryInputOf(fields: Partial<Record<InquiryField | typeof HONEYPOT_FIELD, string>>, lang: Lang, reference: string) {
  return {
    name: fields.name ?? '',
    email: fields.email ?? '',
    phone: fields.phone || undefined,
    message: fields.message ?? '',
    language: lang,
    productReference: reference || undefined,
    [HONEYPOT_FIELD]: fields[HONEYPOT_FIELD],
  };
}

/** The form's own check before sending: the first problem of each field, in the page's language. */
export function inquiryFieldErrors(
  input: { name?: string; email?: string; phone?: string | null; message?: string },
  lang: Lang,
): InquiryFieldErrors {
  const E = INQUIRY_ERRORS[lang];
  const errors: InquiryFieldErrors = {};
  const name = oneLine(input.name ?? '');
  if (!name) errors.name = E.nameRequired;
  else if (name.length > INQUIRY_LIMITS.name) errors.name = tooLong(INQUIRY_LIMITS.name, lang);
  const email = (input.email ?? '').trim();
  if (!email) errors.email = E.emailRequired;
  else if (!isSimpleEmail(email)) errors.email = E.emailInvalid;
  if (oneLine(input.phone ?? '').length > INQUIRY_LIMITS.phone) errors.phone = tooLong(INQUIRY_LIMITS.phone, lang);
  const message = (input.message ?? '').trim();
  if (!message) errors.message = E.messageRequired;
  else if (message.length > INQUIRY_LIMITS.message) errors.message = tooLong(INQUIRY_LIMITS.message, lang);
  return errors;
}

/** The validation part of the API's problem answer (RFC 9457, decision 023). */
export type ProblemFieldErrors = { errors?: readonly { field?: unknown; message?: unknown }[] | undefined };

/**
 * The API's 400 answer (`errors: [{ field: 'email', message: 'Adresse e-mail invalide' }]`) as the form
 * fields it names, each with its first message, already in the page's language (the island and the page
 * send it as Accept-Language, decision 092), in the order the answer names them.
 */
export function serverFieldErrors(problem: ProblemFieldErrors | null | undefined): InquiryFieldErrors {
  const errors: InquiryFieldErrors = {};
  for (const e of problem?.errors ?? []) {
    const field = INQUIRY_FIELDS.find((f) => f === e.field);
    if (field && errors[field] === undefined && typeof e.message === 'string') errors[field] = e.message;
  }
  return errors;
}

/**
 * One of the API's French messages about the form's fields (its message ids, INQUIRY_ERRORS.fr) in the
 * page's language, with the form's own wording; null for any other text. The API's English for a shared
 * id can be another screen's ('Le nom est requis' is also an API token's name), so a page that shows the
 * API's verdicts asks for the ids and words them here.
 */
export function inquiryErrorIn(message: string, lang: Lang): string | null {
  const fr = INQUIRY_ERRORS.fr;
  const key = (Object.keys(fr) as (keyof typeof fr)[]).find((k) => k !== 'tooLong' && fr[k] === message);
  if (key) return INQUIRY_ERRORS[lang][key];
  const max = /^(\d{1,6}) caractères au maximum$/.exec(message);
  return max ? tooLong(Number(max[1]), lang) : null;
}

/** The first form field the API's 400 answer names, and its message; null when it names none. */
export function serverFieldError(problem: ProblemFieldErrors | null | undefined): { field: InquiryField; message: string } | null {
  const [first] = Object.entries(serverFieldErrors(problem)) as [InquiryField, string][];
  return first ? { field: first[0], message: first[1] } : null;
}

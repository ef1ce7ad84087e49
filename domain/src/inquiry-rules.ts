// The contact form's rules and error texts without zod: the site's island checks a message before
// sending it without shipping the schema library (the page's script budget), and reads the API's
// refusals. InquiryInputSchema (inquiries.ts) is built from the same limits and texts, and a test
// holds the two to the same verdicts.
import { headerSafe } from './header-text.ts';
import { isSimpleEmail } from './email-format.ts';

import type { Lang } from './lang.ts';

export const INQUIRY_LIMITS = { name: 200, email: 254, phone: 40, message: 5000, reference: 200 } as const;

/**
 * The form's error texts in each language, the site's words (public-site section 5 names the rules, not
 * these texts). The schema speaks French; a refusal is worded from these by field (refusedFieldErrors).
 */
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

/**
 * Name of the form's hidden field with the listing the message is about, as the page showed it ('#12 –
 * Title'): a post without JavaScript sends it as the island sends its `reference`, so storing the message
 * needs no lookup of the listing. Like the island's JSON, it is the visitor's to send; the API bounds it.
 */
export const REFERENCE_FIELD = 'reference';

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
 * The API's refusal as the form's errors in the site's words: each field the API's 400 answer names,
 * with the form's own verdict on that field (inquiryFieldErrors, the rules a test holds to the schema's) in
 * the page's language. The one place the island and the page without JavaScript word a refusal: by the
 * field the API names, never by matching its text (its English for a shared message can be another
 * screen's: 'Le nom est requis' is also an API token's name). Only where the form's rules find nothing
 * wrong with a field the API refused is the API's message shown, as it came (asked in the page's language).
 */
export function refusedFieldErrors(
  problem: ProblemFieldErrors | null | undefined,
  input: Parameters<typeof inquiryFieldErrors>[0],
  lang: Lang,
): InquiryFieldErrors {
  const own = inquiryFieldErrors(input, lang);
  const named = Object.entries(serverFieldErrors(problem)) as [InquiryField, string][];
  return Object.fromEntries(named.map(([field, message]) => [field, own[field] ?? message]));
}

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
 * The API's 400 answer (`errors: [{ field: 'email', message: 'Adresse e-mail invalide' }]`) as the
 * first form field it names and its message, already in the page's language (the island sends it as
 * Accept-Language, decision 092); null when it names none.
 */
export function serverFieldError(problem: ProblemFieldErrors | null | undefined): { field: InquiryField; message: string } | null {
  for (const e of problem?.errors ?? []) {
    const field = INQUIRY_FIELDS.find((f) => f === e.field);
    if (field && typeof e.message === 'string') return { field, message: e.message };
  }
  return null;
}

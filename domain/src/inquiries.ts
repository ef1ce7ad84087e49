// Contact messages: the public form's input (shared by the site and the API) and the admin list's shape.
import { z } from 'zod';
import { SIMPLE_EMAIL } from './mail.ts';

export const LANGUAGES = ['fr', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES, { error: 'Langue invalide' });
export type Language = z.infer<typeof LanguageSchema>;

/**
 * A one-line text: line breaks (and other control characters) become single spaces, so a value can
 * never start a new mail header even if a later change put it in one.
 */
export const oneLine = (value: string) =>
  value
    // Control characters are exactly what this removes (CR/LF would start a new mail header).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

/**
 * The contact form's error texts in each language. The schema speaks French (the API's language);
 * the site shows a message in the page's language through translateInquiryError.
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
} as const satisfies Record<'fr' | 'en', Record<string, string>>;
const FR = INQUIRY_ERRORS.fr;
const tooLong = (max: number) => FR.tooLong.replace('{max}', String(max));

const optionalLine = (max: number) =>
  z
    .string()
    .max(max * 2, tooLong(max))
    .transform(oneLine)
    .pipe(z.string().max(max, tooLong(max)))
    .nullish()
    .transform((v) => v || null);

/** Name of the hidden field a person never fills in; a value there marks a bot. */
export const HONEYPOT_FIELD = 'website';

/** POST /inquiries (public-site section 7). */
export const InquiryInputSchema = z.object({
  name: z
    .string({ error: FR.nameRequired })
    .max(400, tooLong(200))
    .transform(oneLine)
    .pipe(z.string().min(1, FR.nameRequired).max(200, tooLong(200))),
  email: z
    .string({ error: FR.emailRequired })
    .trim()
    .min(1, FR.emailRequired)
    .max(254, FR.emailInvalid)
    .regex(SIMPLE_EMAIL, FR.emailInvalid),
  phone: optionalLine(40),
  message: z
    .string({ error: FR.messageRequired })
    .trim()
    .min(1, FR.messageRequired)
    .max(5000, tooLong(5000)),
  language: LanguageSchema.default('fr'),
  productReference: optionalLine(200),
  /** Honeypot: accepted so a bot sees the usual answer, then ignored. */
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type InquiryInput = z.input<typeof InquiryInputSchema>;

/** The form's fields a visitor fills in, each of which can carry its own error. */
export const INQUIRY_FIELDS = ['name', 'phone', 'email', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type InquiryFieldErrors = Partial<Record<InquiryField, string>>;

/** One of the schema's French messages in the page's language; an unknown message stays as it is. */
export function translateInquiryError(message: string, lang: Language): string {
  if (lang === 'fr') return message;
  const key = (Object.keys(FR) as (keyof typeof FR)[]).find((k) => FR[k] === message);
  if (key) return INQUIRY_ERRORS[lang][key];
  const max = /^(\d+) caractères au maximum$/.exec(message)?.[1];
  return max ? INQUIRY_ERRORS[lang].tooLong.replace('{max}', max) : message;
}

/** The form's own check before sending: the first problem of each field, in the page's language. */
export function inquiryFieldErrors(input: InquiryInput, lang: Language): InquiryFieldErrors {
  const result = InquiryInputSchema.safeParse(input);
  const errors: InquiryFieldErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = INQUIRY_FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = translateInquiryError(issue.message, lang);
  }
  return errors;
}

/**
 * The API's 400 answer ('email: Adresse e-mail invalide') as the field it names and its message in
 * the page's language; null when the error names no field of the form.
 */
export function serverFieldError(error: string, lang: Language): { field: InquiryField; message: string } | null {
  const match = /^(\w+): (.+)$/.exec(error);
  const field = INQUIRY_FIELDS.find((f) => f === match?.[1]);
  return field && match ? { field, message: translateInquiryError(match[2]!, lang) } : null;
}
export type InquiryData = z.output<typeof InquiryInputSchema>;

export type Inquiry = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  language: Language;
  productReference: string | null;
  createdAt: string;
};

/** GET /inquiries answer. */
export type InquiryList = { inquiries: Inquiry[]; total: number; totalPages: number; page: number; limit: number };

/** The public answer once the message is stored (public-site section 8, "Contact success"). */
export const INQUIRY_SENT: Record<Language, string> = {
  en: 'Message sent successfully! We will respond quickly.',
  fr: 'Message envoyé avec succès ! Nous vous répondrons rapidement.',
};

/** Privacy policy: contact messages are kept 3 years from the last contact (public-site section 2). */
export const INQUIRY_RETENTION_YEARS = 3;

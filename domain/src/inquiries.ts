// Contact messages: the public form's input (shared by the site and the API) and the admin list's shape.
import { z } from 'zod';
import { emailField } from './fields.ts';
import { HONEYPOT_FIELD, INQUIRY_ERRORS, INQUIRY_LIMITS, oneLine, tooLong } from './inquiry-rules.ts';

export { HONEYPOT_FIELD, oneLine } from './inquiry-rules.ts';

import { LANGS, type Lang } from './lang.ts';
import { LangSchema } from './lang-schema.ts';

// Older names of the one Lang type (./lang.ts), kept so existing imports read the same.
export const LANGUAGES = LANGS;
export const LanguageSchema = LangSchema;
export type Language = Lang;

const FR = INQUIRY_ERRORS.fr;
const L = INQUIRY_LIMITS;

const optionalLine = (max: number) =>
  z
    .string()
    .max(max * 2, { error: tooLong(max), abort: true })
    .transform(oneLine)
    .pipe(z.string().max(max, tooLong(max)))
    .nullish()
    .transform((v) => v || null);

/** POST /inquiries (public-site section 7). */
export const InquiryInputSchema = z.object({
  name: z
    .string({ error: FR.nameRequired })
    .max(L.name * 2, { error: tooLong(L.name), abort: true })
    .transform(oneLine)
    .pipe(z.string().min(1, FR.nameRequired).max(L.name, tooLong(L.name)))
    // For the document: a name is not blank once on one line (decision 023).
    .meta({ minLength: 1, pattern: '\\S' }),
  email: emailField({ required: FR.emailRequired, invalid: FR.emailInvalid }),
  phone: optionalLine(L.phone),
  message: z.string({ error: FR.messageRequired }).trim().min(1, FR.messageRequired).max(L.message, tooLong(L.message)),
  language: LanguageSchema.default('fr'),
  productReference: optionalLine(L.reference),
  /** Honeypot: accepted so a bot sees the usual answer, then ignored. */
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type InquiryInput = z.input<typeof InquiryInputSchema>;

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

// Contact messages: the public form's input (shared by the site and the API) and the admin list's shape.
import { z } from 'zod';
import { headerSafe } from './header-text.ts';
import { SIMPLE_EMAIL } from './mail.ts';

import { LANGS, LangSchema, type Lang } from './lang.ts';

// Older names of the one Lang type (./lang.ts), kept so existing imports read the same.
export const LANGUAGES = LANGS;
export const LanguageSchema = LangSchema;
export type Language = Lang;

/**
 * A one-line text: line breaks, control and bidi characters are cleaned (header-text.ts), so a value
 * can never start a new mail header even if a later change put it in one.
 */
export const oneLine = headerSafe;

const optionalLine = (max: number) =>
  z
    .string()
    .max(max * 2, `${max} caractères au maximum`)
    .transform(oneLine)
    .pipe(z.string().max(max, `${max} caractères au maximum`))
    .nullish()
    .transform((v) => v || null);

/** Name of the hidden field a person never fills in; a value there marks a bot. */
export const HONEYPOT_FIELD = 'website';

/** POST /inquiries (public-site section 7). */
export const InquiryInputSchema = z.object({
  name: z
    .string({ error: 'Le nom est requis' })
    .max(400, '200 caractères au maximum')
    .transform(oneLine)
    .pipe(z.string().min(1, 'Le nom est requis').max(200, '200 caractères au maximum')),
  email: z
    .string({ error: "L'adresse e-mail est requise" })
    .trim()
    .min(1, "L'adresse e-mail est requise")
    .max(254, 'Adresse e-mail invalide')
    .regex(SIMPLE_EMAIL, 'Adresse e-mail invalide'),
  phone: optionalLine(40),
  message: z
    .string({ error: 'Le message est requis' })
    .trim()
    .min(1, 'Le message est requis')
    .max(5000, '5000 caractères au maximum'),
  language: LanguageSchema.default('fr'),
  productReference: optionalLine(200),
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

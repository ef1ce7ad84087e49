// Newsletter contract: public subscription with double opt-in, admin lists, export and sending.
import { z } from 'zod';
import { MAX_ID } from './fields.ts';
import { HONEYPOT_FIELD, LanguageSchema, type Language } from './inquiries.ts';
import { HEADER_SAFE_LINE_PATTERN, hasUnsafeHeaderText } from './header-text.ts';
import { LANGS, otherLang, type Lang } from './lang.ts';
import { documentedEmailPattern, EMAIL_MAX_LENGTH, SIMPLE_EMAIL } from './email-format.ts';

/** The popup's message for a missing or malformed address (public-site section 5). */
export const INVALID_EMAIL_MESSAGE = 'Veuillez saisir une adresse email valide.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** POST /newsletter/subscribe. `page` is where the visitor consented (a site path), kept as proof. */
export const SubscribeInputSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    // One message for every failure, as the popup shows it (a leading = + - @ would also turn the
    // address into a formula once exported to a spreadsheet).
    .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE, abort: true })
    .refine((v) => SIMPLE_EMAIL.test(v) && /^[^=+\-@]/.test(v), INVALID_EMAIL_MESSAGE)
    .transform(normalizeEmail)
    // For the document: what the patterns check (decision 023).
    .meta({ maxLength: EMAIL_MAX_LENGTH, pattern: documentedEmailPattern(String.raw`=+\-`) }),
  language: LanguageSchema.default('fr'),
  page: z
    .string()
    .max(300, { abort: true })
    .regex(/^\/[\w\-./~%]*$/, 'Page invalide')
    .optional(),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type SubscribeInput = z.input<typeof SubscribeInputSchema>;

/** Same answer for a new, pending, confirmed or unsubscribed address: nothing reveals which. */
export const SUBSCRIBE_ANSWER: Record<Language, string> = {
  fr: 'Merci ! Un e-mail de confirmation vient de vous être envoyé : cliquez sur le lien pour confirmer votre inscription.',
  en: 'Thank you! A confirmation e-mail has been sent to you: follow its link to confirm your subscription.',
};

/** The answer to a confirmation link, in the subscriber's language. */
export const CONFIRM_ANSWER: Record<Language, string> = {
  fr: 'Votre inscription à la newsletter est confirmée.',
  en: 'Your newsletter subscription is confirmed.',
};

/** The answer to an unsubscription (page or one-click), in the subscriber's language. */
export const UNSUBSCRIBE_ANSWER: Record<Language, string> = {
  fr: 'Vous êtes désinscrit de la newsletter.',
  en: 'You have been unsubscribed from the newsletter.',
};

/** Tokens are 32 random bytes in base64url (43 characters). */
export const TokenInputSchema = z.object({
  token: z.string({ error: 'Lien invalide ou expiré' }).regex(/^[A-Za-z0-9_-]{32,128}$/, 'Lien invalide ou expiré'),
});

/** Unconfirmed subscriptions are purged (and their links expire) after this many days. */
export const CONFIRMATION_DAYS = 30;

/** Pages of the public site that confirm or cancel by POST (so link scanners change nothing). */
export const NEWSLETTER_PAGES = {
  fr: { confirm: '/newsletter/confirmer', unsubscribe: '/newsletter/desinscription' },
  en: { confirm: '/en/newsletter/confirmer', unsubscribe: '/en/newsletter/desinscription' },
} as const satisfies Record<Language, { confirm: string; unsubscribe: string }>;

export const SUBSCRIBER_STATUSES = ['all', 'active', 'inactive'] as const;
export const SubscriberListQuerySchema = z.object({
  search: z.string().max(254).trim().optional(),
  status: z.enum(SUBSCRIBER_STATUSES, { error: 'Statut invalide' }).default('all'),
});

/** PATCH /newsletter/admin/subscribers/{id}/status: toggles, or sets the given state. */
export const SubscriberStatusInputSchema = z.object({ isActive: z.boolean().optional() });

export const ExportQuerySchema = z.object({ format: z.enum(['csv', 'json'], { error: 'Format invalide' }).default('csv') });

export type Subscriber = {
  id: number;
  email: string;
  language: Language;
  isActive: boolean;
  /** Confirmed the double opt-in at least once. */
  confirmed: boolean;
  subscribedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
};

export type SubscriberStats = { totalSubscribers: number; activeSubscribers: number; inactiveSubscribers: number };

/** One exported row (CSV columns in this order). */
export const EXPORT_COLUMNS = [
  'id',
  'email',
  'language',
  'isActive',
  'subscribedAt',
  'confirmedAt',
  'unsubscribedAt',
  'consentAt',
  'consentPage',
  'consentLanguage',
] as const;
export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string>;

export const SEND_MESSAGE = 'Veuillez remplir le sujet et le contenu du message';

const subjectText = z
  .string({ error: SEND_MESSAGE })
  .trim()
  .max(200, { error: '200 caractères au maximum', abort: true })
  .refine((v) => !hasUnsafeHeaderText(v), 'Le sujet ne peut pas contenir de saut de ligne')
  .meta({ pattern: HEADER_SAFE_LINE_PATTERN })
  .optional();
const contentText = z
  .string({ error: SEND_MESSAGE })
  .trim()
  .max(100_000, '100000 caractères au maximum')
  .meta({ pattern: '\\S' })
  .optional();

/**
 * POST /newsletter/admin/send (back-office section 5, "Newsletter send"). `subject`/`content` are the
 * French version (the spec's fields, so a one-language client still works), `subjectEn`/`contentEn`
 * the English one. Each version is whole or empty, and at least one is whole: a subscriber whose
 * language has no version gets the other one.
 */
export const NewsletterSendSchema = z
  .object({
    subject: subjectText,
    content: contentText,
    subjectEn: subjectText,
    contentEn: contentText,
    subscriberIds: z.array(z.number().int().positive().max(MAX_ID)).max(100_000).optional(),
  })
  // For the document: one version at least, each whole (decision 023).
  .meta({
    anyOf: [{ required: ['subject', 'content'] }, { required: ['subjectEn', 'contentEn'] }],
    dependentRequired: { subject: ['content'], content: ['subject'], subjectEn: ['contentEn'], contentEn: ['subjectEn'] },
  })
  .superRefine((input, ctx) => {
    const fields = { fr: ['subject', 'content'], en: ['subjectEn', 'contentEn'] } as const;
    // Half a version would send a mail without a subject or without a body.
    const half = LANGS.map((lang) => fields[lang]).find(([subject, content]) => Boolean(input[subject]) !== Boolean(input[content]));
    if (half) ctx.addIssue({ code: 'custom', path: [input[half[0]] ? half[1] : half[0]], message: SEND_MESSAGE });
    else if (!completeVersions(input).length) ctx.addIssue({ code: 'custom', path: ['subject'], message: SEND_MESSAGE });
  });
export type NewsletterSend = z.infer<typeof NewsletterSendSchema>;

type Versions = Pick<NewsletterSend, 'subject' | 'content' | 'subjectEn' | 'contentEn'>;
const versionOf = (input: Versions, lang: Lang) => {
  const subject = (lang === 'fr' ? input.subject : input.subjectEn)?.trim();
  const content = (lang === 'fr' ? input.content : input.contentEn)?.trim();
  return subject && content ? { subject, content } : undefined;
};

/** The languages the admin wrote a whole version for. */
export const completeVersions = (input: Versions): Lang[] => LANGS.filter((lang) => versionOf(input, lang));

/** The version a subscriber of `lang` receives: their own, or the other one (`fallback`) when theirs is missing. */
export function newsletterVersion(
  input: Versions,
  lang: Lang,
): { subject: string; content: string; lang: Lang; fallback: boolean } | undefined {
  const own = versionOf(input, lang);
  if (own) return { ...own, lang, fallback: false };
  const other = versionOf(input, otherLang(lang));
  return other && { ...other, lang: otherLang(lang), fallback: true };
}

export type SendingStatus = 'queued' | 'sending' | 'done' | 'failed';
export type NewsletterSending = {
  id: number;
  subject: string;
  status: SendingStatus;
  totalCount: number;
  sentCount: number;
  failedCount: number;
  pendingCount: number;
  /** Share of recipients handled, 0 to 100. */
  progress: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

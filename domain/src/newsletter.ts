// Newsletter contract: public subscription with double opt-in, admin lists, export and sending.
import { z } from 'zod';
import { HONEYPOT_FIELD, LanguageSchema, type Language } from './inquiries.ts';
import { hasUnsafeHeaderText } from './header-text.ts';
import { SIMPLE_EMAIL } from './mail.ts';

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
    .refine((v) => v.length <= 254 && SIMPLE_EMAIL.test(v) && /^[^=+\-@]/.test(v), INVALID_EMAIL_MESSAGE)
    .transform(normalizeEmail),
  language: LanguageSchema.default('fr'),
  page: z
    .string()
    .max(300)
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
  search: z.string().trim().max(254).optional(),
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

const SEND_MESSAGE = 'Veuillez remplir le sujet et le contenu du message';

/** POST /newsletter/admin/send (back-office section 5, "Newsletter send"). */
export const NewsletterSendSchema = z.object({
  subject: z
    .string({ error: SEND_MESSAGE })
    .trim()
    .min(1, SEND_MESSAGE)
    .max(200, '200 caractères au maximum')
    .refine((v) => !hasUnsafeHeaderText(v), 'Le sujet ne peut pas contenir de saut de ligne'),
  content: z.string({ error: SEND_MESSAGE }).trim().min(1, SEND_MESSAGE).max(100_000, '100000 caractères au maximum'),
  subscriberIds: z.array(z.number().int().positive()).max(100_000).optional(),
});
export type NewsletterSend = z.infer<typeof NewsletterSendSchema>;

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

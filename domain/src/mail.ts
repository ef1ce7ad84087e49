// Outgoing mail contract shared by the API and the admin PWA: SMTP accounts, usage assignments, replies.
import { z } from 'zod';
import { emailField, MAX_ID, queryInteger } from './fields.ts';
import { HEADER_SAFE_LINE_PATTERN, hasUnsafeHeaderText } from './header-text.ts';
import { documentedEmailPattern, EMAIL_MAX_LENGTH, isSimpleEmail, SIMPLE_EMAIL } from './email-format.ts';

export { isSimpleEmail, SIMPLE_EMAIL };

export const USAGE_TYPES = ['contact_form_fr', 'contact_form_en', 'newsletter'] as const;
export const UsageTypeSchema = z.enum(USAGE_TYPES, { error: "Type d'usage invalide" });
export type UsageType = z.infer<typeof UsageTypeSchema>;

export const USAGE_LABELS: Record<UsageType, { label: string; description: string; needsRecipient: boolean }> = {
  contact_form_fr: {
    label: 'Formulaire de contact (français)',
    description: 'Notifications des messages envoyés depuis le site en français',
    needsRecipient: true,
  },
  contact_form_en: {
    label: 'Formulaire de contact (anglais)',
    description: 'Notifications des messages envoyés depuis le site en anglais',
    needsRecipient: true,
  },
  newsletter: { label: 'Newsletter', description: 'Envoi des newsletters et des e-mails de confirmation', needsRecipient: false },
};

export const SMTP_PORT_DEFAULT = 587;
/** Ports a mail server may listen on; anything else is refused unless local servers are allowed. */
export const SMTP_ALLOWED_PORTS = [25, 465, 587, 2525] as const;

const required = (message: string, max = 255) =>
  z
    .string({ error: message })
    // Counted as sent, before the trim: the document's maxLength is what is checked (decision 122).
    .max(max, { error: `${max} caractères au maximum`, abort: true })
    .trim()
    .min(1, message)
    .refine((v) => !hasUnsafeHeaderText(v), message)
    // For the document: what the trim and the refinement check (decision 023).
    .meta({ pattern: HEADER_SAFE_LINE_PATTERN });

const port = z.coerce
  .number({ error: 'Le port doit être entre 1 et 65535' })
  .int('Le port doit être entre 1 et 65535')
  .min(1, 'Le port doit être entre 1 et 65535')
  .max(65535, 'Le port doit être entre 1 et 65535');

const fromEmail = emailField({ required: "L'email d'expéditeur est requis", invalid: "Format d'email invalide" });

/** Passwords are kept as typed (spaces may be part of them); only line breaks are refused. */
const password = z.string().max(512, '512 caractères au maximum');
const NEW_PASSWORD_REQUIRED = 'Le mot de passe est requis pour un nouveau compte';
/** A new account's password: missing or empty reads as the spec's text (back-office section 5). */
const newPassword = z.string({ error: NEW_PASSWORD_REQUIRED }).max(512, '512 caractères au maximum').min(1, NEW_PASSWORD_REQUIRED);

const accountFields = {
  name: required('Le nom est requis', 100),
  host: required("L'hôte SMTP est requis", 253),
  port: port.default(SMTP_PORT_DEFAULT),
  secure: z.boolean().default(false),
  user: required("L'utilisateur est requis", 254),
  fromName: required("Le nom d'expéditeur est requis", 100),
  fromEmail,
  isActive: z.boolean().default(true),
};

/** POST /smtp/accounts (back-office section 5, "SMTP account form"). */
export const SmtpAccountCreateSchema = z.object({
  ...accountFields,
  password: newPassword,
});
export type SmtpAccountCreate = z.infer<typeof SmtpAccountCreateSchema>;

/** PUT /smtp/accounts/{id}: any subset; an empty or missing password keeps the stored one. */
export const SmtpAccountUpdateSchema = z.object({
  name: accountFields.name.optional(),
  host: accountFields.host.optional(),
  port: port.optional(),
  secure: z.boolean().optional(),
  user: accountFields.user.optional(),
  password: password.optional().nullable(),
  fromName: accountFields.fromName.optional(),
  fromEmail: fromEmail.optional(),
  isActive: z.boolean().optional(),
});
export type SmtpAccountUpdate = z.infer<typeof SmtpAccountUpdateSchema>;

/** POST /smtp/test-config: the unsaved form, tested before creation. */
export const SmtpTestConfigSchema = z.object({
  host: accountFields.host,
  port: port.default(SMTP_PORT_DEFAULT),
  secure: z.boolean().default(false),
  user: accountFields.user,
  password: newPassword,
  fromEmail: fromEmail.optional(),
});
export type SmtpTestConfig = z.infer<typeof SmtpTestConfigSchema>;

/** An account as every endpoint returns it: the password never leaves the server. */
export type SmtpAccount = {
  id: number;
  name: string;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  fromName: string;
  fromEmail: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

/** The answer of both connection tests. */
export type SmtpTestResult = { success: boolean; message: string };

/** PUT /smtp/settings/{usageType}. The recipient is saved only when it matches the simple pattern. */
export const SmtpSettingInputSchema = z.object({
  smtpAccountId: z.number({ error: 'Compte SMTP invalide' }).int().positive().max(MAX_ID).nullable().optional(),
  recipientEmail: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: "Format d'email invalide", abort: true })
    .refine((v) => v === '' || isSimpleEmail(v), "Format d'email invalide")
    // For the document: what the refinement checks (decision 023).
    .meta({ pattern: `^(|${documentedEmailPattern().slice(1, -1)})$` })
    .nullable()
    .optional(),
});
export type SmtpSettingInput = z.infer<typeof SmtpSettingInputSchema>;

export type SmtpSettingState = 'configured' | 'incomplete' | 'missing_recipient';
export type SmtpSetting = {
  usageType: UsageType;
  smtpAccountId: number | null;
  recipientEmail: string | null;
  state: SmtpSettingState;
  updatedAt: string;
};

/** The usage card's state label (back-office section 2, "Outgoing mail settings"). */
export function usageState(usageType: UsageType, smtpAccountId: number | null, recipientEmail: string | null): SmtpSettingState {
  if (!smtpAccountId) return 'incomplete';
  if (USAGE_LABELS[usageType].needsRecipient && !recipientEmail) return 'missing_recipient';
  return 'configured';
}

export const USAGE_STATE_LABELS: Record<SmtpSettingState, string> = {
  configured: 'Configuré',
  incomplete: 'Configuration incomplète',
  missing_recipient: 'Configuration incomplète - Veuillez saisir un email de réception',
};

const nonBlank = (message: string, max: number) =>
  z
    .string({ error: message })
    // Counted as sent, before the trim: the document's maxLength is what is checked (decision 122).
    .max(max, { error: `${max} caractères au maximum`, abort: true })
    .trim()
    .min(1, message)
    .meta({ pattern: '\\S' });

/** POST /email-responses/send: account, subject and message required and non-blank after trimming. */
export const ReplyInputSchema = z.object({
  inquiryId: z.number({ error: 'Message introuvable' }).int().positive().max(MAX_ID),
  smtpAccountId: z.number({ error: 'Veuillez choisir un compte SMTP' }).int().positive().max(MAX_ID),
  subject: nonBlank('Le sujet est requis', 200)
    .refine((v) => !hasUnsafeHeaderText(v), 'Le sujet ne peut pas contenir de saut de ligne')
    .meta({ pattern: HEADER_SAFE_LINE_PATTERN }),
  message: nonBlank('Le message est requis', 20_000),
});
export type ReplyInput = z.infer<typeof ReplyInputSchema>;

/** POST /email-responses/quick-reply: like send, with the account and subject chosen by the server when absent. */
export const QuickReplyInputSchema = ReplyInputSchema.extend({
  smtpAccountId: ReplyInputSchema.shape.smtpAccountId.optional(),
  subject: ReplyInputSchema.shape.subject.optional(),
});
export type QuickReplyInput = z.infer<typeof QuickReplyInputSchema>;

/** The reply modal's prefilled subject. */
export const replySubject = (brand: string) => `Re: Votre demande via ${brand}`;

export type EmailResponse = {
  id: number;
  inquiryId: number;
  smtpAccountId: number | null;
  subject: string;
  message: string;
  toEmail: string;
  fromEmail: string;
  messageId: string | null;
  sentAt: string | null;
  createdAt: string;
};

/** Page and limit of the paged lists (email responses default to 1 and 10). */
export const PageQuerySchema = z.object({
  page: queryInteger(z.number().int().min(1).max(1_000_000).default(1)),
  limit: queryInteger(z.number().int().min(1).max(100).default(10)),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A numeric id in a path (/inquiries/{id}); anything else is a 400, not a 500. */
export const IdParamSchema = z.object({
  id: z.coerce.number({ error: 'Identifiant invalide' }).int('Identifiant invalide').positive('Identifiant invalide'),
});

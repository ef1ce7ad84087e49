// Answer shapes of the routes, as zod schemas for the OpenAPI document. Where the domain already
// has a schema it is reused; `satisfies` ties each one here to the type the handlers return.
import { z } from 'zod';
import type { AuthUser } from '@app/domain/auth';
import type { Inquiry } from '@app/domain/inquiries';
import type { EmailResponse, SmtpAccount, SmtpSetting, SmtpTestResult } from '@app/domain/mail';
import type { NewsletterSending, Subscriber, SubscriberStats } from '@app/domain/newsletter';

const isoDate = z.string();
const nullableDate = isoDate.nullable();
const Language = z.enum(['fr', 'en']);

export const Success = z.object({ success: z.literal(true) });
export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });
const paged = <T extends z.ZodType>(key: string, item: T) =>
  z.object({ [key]: z.array(item), total: z.number(), totalPages: z.number(), page: z.number(), limit: z.number() });

export const AuthUserAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  mustChangePassword: z.boolean(),
}) satisfies z.ZodType<AuthUser>;
export const LoginAnswer = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  accessTokenExpiresAt: isoDate,
  expiresAt: isoDate,
  absoluteExpiresAt: isoDate,
  user: AuthUserAnswer,
});
export const SessionAnswer = z.object({ expiresAt: isoDate, absoluteExpiresAt: isoDate });
export const PasswordChangedAnswer = LoginAnswer.extend({ message: z.string() });

export const InquiryAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  language: Language,
  productReference: z.string().nullable(),
  createdAt: isoDate,
}) satisfies z.ZodType<Inquiry>;
export const InquiryListAnswer = paged('inquiries', InquiryAnswer);

export const SmtpAccountAnswer = z.object({
  id: z.number(),
  name: z.string(),
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  user: z.string(),
  fromName: z.string(),
  fromEmail: z.string(),
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
}) satisfies z.ZodType<SmtpAccount>;
export const SmtpTestAnswer = z.object({ success: z.boolean(), message: z.string() }) satisfies z.ZodType<SmtpTestResult>;
export const SmtpSettingAnswer = z.object({
  usageType: z.enum(['contact_form_fr', 'contact_form_en', 'newsletter']),
  smtpAccountId: z.number().nullable(),
  recipientEmail: z.string().nullable(),
  state: z.enum(['configured', 'incomplete', 'missing_recipient']),
  updatedAt: isoDate,
}) satisfies z.ZodType<SmtpSetting>;
export const UsagesAnswer = z.object({
  usages: z.array(z.object({ usageType: z.string(), label: z.string(), description: z.string(), needsRecipient: z.boolean() })),
});

export const EmailResponseAnswer = z.object({
  id: z.number(),
  inquiryId: z.number(),
  smtpAccountId: z.number().nullable(),
  subject: z.string(),
  message: z.string(),
  toEmail: z.string(),
  fromEmail: z.string(),
  messageId: z.string().nullable(),
  sentAt: nullableDate,
  createdAt: isoDate,
}) satisfies z.ZodType<EmailResponse>;
export const EmailResponseListAnswer = paged('responses', EmailResponseAnswer);

export const SubscriberAnswer = z.object({
  id: z.number(),
  email: z.string(),
  language: Language,
  isActive: z.boolean(),
  confirmed: z.boolean(),
  subscribedAt: isoDate,
  confirmedAt: nullableDate,
  unsubscribedAt: nullableDate,
}) satisfies z.ZodType<Subscriber>;
export const SubscriberStatsAnswer = z.object({
  totalSubscribers: z.number(),
  activeSubscribers: z.number(),
  inactiveSubscribers: z.number(),
}) satisfies z.ZodType<SubscriberStats>;
export const SendingAnswer = z.object({
  id: z.number(),
  subject: z.string(),
  status: z.enum(['queued', 'sending', 'done', 'failed']),
  totalCount: z.number(),
  sentCount: z.number(),
  failedCount: z.number(),
  pendingCount: z.number(),
  progress: z.number(),
  createdAt: isoDate,
  startedAt: nullableDate,
  finishedAt: nullableDate,
}) satisfies z.ZodType<NewsletterSending>;
export const DeliveriesAnswer = paged('deliveries', z.object({}).loose());

// The admin shows the domain's validation messages in its own language by finding each, by its
// French text, in a section of its French dictionary. These tests keep the two in step: every message
// the shared schemas give for the admin's forms is in that section, so none is left untranslated.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, IMAGE_MESSAGES } from '@app/domain/documents';
import { adminEn } from '@app/domain/i18n/admin-en';
import { adminFr } from '@app/domain/i18n/admin-fr';
import { ReplyInputSchema, SmtpAccountCreateSchema } from '@app/domain/mail';
import { ProductInputSchema } from '@app/domain/products';
import { authRouteMessages } from '@app/api/routes/auth';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => [...new Set(result.error?.issues.map((i) => i.message) ?? [])];

describe("the admin's dictionary holds every form message of the shared schemas", () => {
  it('listing form: each required field, the numbers, the generator-only fields and the file checks', () => {
    const empty = messagesOf(ProductInputSchema.safeParse({ type: 'generator', titleFr: '', titleEn: '', descriptionFr: '', descriptionEn: '', brand: '', model: '', fuelType: '', powerOutput: 0, weight: 0, length: 0, width: 0, height: 0, price: -1 }));
    expect(empty.length).toBeGreaterThanOrEqual(14);
    const known: string[] = Object.values(adminFr.formMessages);
    expect(empty.filter((m) => !known.includes(m))).toEqual([]);
    expect([IMAGE_MESSAGES.type, IMAGE_MESSAGES.size, DOCUMENT_MESSAGES.type, DOCUMENT_MESSAGES.size].filter((m) => !known.includes(m))).toEqual([]);
  });

  it('reply form', () => {
    const blank = messagesOf(ReplyInputSchema.safeParse({ inquiryId: 1, subject: ' ', message: ' ' }));
    const lineBreak = messagesOf(ReplyInputSchema.safeParse({ inquiryId: 1, smtpAccountId: 1, subject: 'a\nb', message: 'x' }));
    expect([...blank, ...lineBreak].filter((m) => !(Object.values(adminFr.formMessages) as string[]).includes(m))).toEqual([]);
  });

  it('SMTP account form', () => {
    const empty = messagesOf(SmtpAccountCreateSchema.safeParse({ name: '', host: '', port: 0, user: '', password: '', fromName: '', fromEmail: '' }));
    const badEmail = messagesOf(SmtpAccountCreateSchema.safeParse({ name: 'a', host: 'h', port: 587, user: 'u', password: 'p', fromName: 'n', fromEmail: 'nope' }));
    expect(empty.length).toBeGreaterThanOrEqual(6);
    expect([...empty, ...badEmail].filter((m) => !(Object.values(adminFr.smtpForm) as string[]).includes(m))).toEqual([]);
  });

  it("sign-in: the API's refusals", () => {
    expect([authRouteMessages.loginFailed, authRouteMessages.tooManyAttempts].filter((m) => !(Object.values(adminFr.formMessages) as string[]).includes(m))).toEqual([]);
  });

  it('has an English text, different from the French, for each message', () => {
    for (const key of Object.keys(adminFr.formMessages) as (keyof typeof adminFr.formMessages)[]) expect(adminEn.formMessages[key], key).not.toBe(adminFr.formMessages[key]);
  });
});

// The admin and the API show the domain's validation messages in English by finding each, by its
// French text, in the shared lookup (domain/src/i18n/messages.ts). These tests keep the two in step:
// every message the shared schemas give for the admin's forms, and the sign-in refusals, have an
// English text, so none is left in French in the English admin.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, IMAGE_MESSAGES } from '@app/domain/documents';
import { localizeMessage } from '@app/domain/i18n/messages';
import { ReplyInputSchema, SmtpAccountCreateSchema } from '@app/domain/mail';
import { ProductInputSchema } from '@app/domain/products';
import { authRouteMessages } from '@app/api/routes/auth';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => [
  ...new Set(result.error?.issues.map((i) => i.message) ?? []),
];
/** The messages left in French by the English lookup. */
const untranslated = (messages: string[]) => messages.filter((m) => localizeMessage(m, 'en') === m);

describe('every form message of the shared schemas has an English text', () => {
  it('listing form: each required field, the numbers, the generator-only fields and the file checks', () => {
    const empty = messagesOf(
      ProductInputSchema.safeParse({
        type: 'generator',
        titleFr: '',
        titleEn: '',
        descriptionFr: '',
        descriptionEn: '',
        brand: '',
        model: '',
        fuelType: '',
        powerOutput: 0,
        weight: 0,
        length: 0,
        width: 0,
        height: 0,
        price: -1,
      }),
    );
    expect(empty.length).toBeGreaterThanOrEqual(14);
    expect(untranslated(empty)).toEqual([]);
    expect(untranslated([IMAGE_MESSAGES.type, IMAGE_MESSAGES.size, DOCUMENT_MESSAGES.type, DOCUMENT_MESSAGES.size])).toEqual([]);
    expect(localizeMessage('Le titre en français est requis', 'en')).toBe('The French title is required');
  });

  it('reply form', () => {
    const blank = messagesOf(ReplyInputSchema.safeParse({ inquiryId: 1, subject: ' ', message: ' ' }));
    const lineBreak = messagesOf(ReplyInputSchema.safeParse({ inquiryId: 1, smtpAccountId: 1, subject: 'a\nb', message: 'x' }));
    expect(untranslated([...blank, ...lineBreak])).toEqual([]);
  });

  it('SMTP account form', () => {
    const empty = messagesOf(
      SmtpAccountCreateSchema.safeParse({ name: '', host: '', port: 0, user: '', password: '', fromName: '', fromEmail: '' }),
    );
    const badEmail = messagesOf(
      SmtpAccountCreateSchema.safeParse({ name: 'a', host: 'h', port: 587, user: 'u', password: 'p', fromName: 'n', fromEmail: 'nope' }),
    );
    expect(empty.length).toBeGreaterThanOrEqual(6);
    expect(untranslated([...empty, ...badEmail])).toEqual([]);
  });

  it("sign-in: the API's refusals", () => {
    expect(localizeMessage(authRouteMessages.loginFailed, 'en')).toBe('Incorrect e-mail or password');
    expect(untranslated([authRouteMessages.tooManyAttempts])).toEqual([]);
  });

  it('leaves French as it is, and a text it does not know as it came', () => {
    expect(localizeMessage('Le titre en français est requis', 'fr')).toBe('Le titre en français est requis');
    expect(localizeMessage('Quelque chose de nouveau', 'en')).toBe('Quelque chose de nouveau');
  });
});

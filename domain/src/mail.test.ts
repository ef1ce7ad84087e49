import { describe, expect, test } from 'vitest';
import { ReplyInputSchema, SmtpAccountCreateSchema, SmtpAccountUpdateSchema, usageState } from './mail.ts';

const account = {
  name: 'OVH',
  host: 'ssl0.ovh.net',
  port: 465,
  secure: true,
  user: 'u@example.fr',
  password: 'p',
  fromName: 'Provence',
  fromEmail: 'contact@example.fr',
};
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('SMTP account form', () => {
  test('defaults: port 587, not secure, active', () => {
    const { port: _port, secure: _secure, ...rest } = account;
    expect(SmtpAccountCreateSchema.parse(rest)).toMatchObject({ port: 587, secure: false, isActive: true });
  });

  test.each([
    [{ name: '' }, 'Le nom est requis'],
    [{ host: '' }, "L'hôte SMTP est requis"],
    [{ port: 65536 }, 'Le port doit être entre 1 et 65535'],
    [{ user: '' }, "L'utilisateur est requis"],
    [{ password: '' }, 'Le mot de passe est requis pour un nouveau compte'],
    [{ fromName: ' ' }, "Le nom d'expéditeur est requis"],
    [{ fromEmail: '' }, "L'email d'expéditeur est requis"],
    [{ fromEmail: 'a@b' }, "Format d'email invalide"],
    [{ name: 'two\r\nlines' }, 'Le nom est requis'],
  ])('%j → %s', (patch, message) => expect(firstError(SmtpAccountCreateSchema.safeParse({ ...account, ...patch }))).toBe(message));

  test('an update may carry only isActive, and an empty password', () => {
    expect(SmtpAccountUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(SmtpAccountUpdateSchema.parse({ password: '' })).toEqual({ password: '' });
  });
});

describe('reply form', () => {
  test('subject and message are trimmed and required', () => {
    expect(firstError(ReplyInputSchema.safeParse({ inquiryId: 1, smtpAccountId: 1, subject: ' ', message: 'x' }))).toBe(
      'Le sujet est requis',
    );
    expect(ReplyInputSchema.parse({ inquiryId: 1, smtpAccountId: 1, subject: ' Re ', message: ' x ' })).toMatchObject({
      subject: 'Re',
      message: 'x',
    });
  });
});

describe('usage state', () => {
  test('configured, incomplete, or missing the recipient (newsletter needs none)', () => {
    expect(usageState('contact_form_fr', null, null)).toBe('incomplete');
    expect(usageState('contact_form_fr', 1, null)).toBe('missing_recipient');
    expect(usageState('contact_form_en', 1, 'a@b.fr')).toBe('configured');
    expect(usageState('newsletter', 1, null)).toBe('configured');
  });
});

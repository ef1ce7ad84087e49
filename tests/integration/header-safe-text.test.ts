// Text that reaches a mail header or a download filename loses every line/paragraph separator,
// control and bidi character (NEL, VT, FF, U+2028, U+2029, U+202E), or is refused with a clear 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, makePdf, upload } from '../fixtures/catalogue.ts';
import { FAST_MAIL_ENV, startMailStack, stopMailStack, type MailStack } from '../support/mail-stack.ts';
import { assignUsage, createSmtpAccount } from '../support/smtp.ts';

let { server, smtp, token } = {} as MailStack; // set by beforeAll
beforeAll(async () => {
  ({ server, smtp, token } = await startMailStack(FAST_MAIL_ENV));
  const accountId = await createSmtpAccount(server, token, smtp);
  await assignUsage(server, token, 'contact_form_fr', accountId, 'ventes-fr@example.test');
});
afterAll(() => stopMailStack({ server, smtp }));

const UNSAFE = [
  ['NEL', '\u0085'],
  ['VT', '\u000b'],
  ['FF', '\u000c'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
  ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
] as const;
// eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
const UNSAFE_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('mail headers', () => {
  it.each(UNSAFE)('a contact name with %s reaches the subject cleaned', async (label, ch) => {
    const name = `Client ${label}${ch}Bcc: victim@example.net`;
    const res = await server.api('/inquiries', {
      method: 'POST',
      json: { name, email: 'client@example.org', message: 'Bonjour', language: 'fr' },
    });
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor((m) => m.parsed.subject?.startsWith(`Nouveau message de Client ${label}`) ?? false);
    const subject = mail!.header('subject')!;
    expect(subject).not.toMatch(UNSAFE_RE);
    expect(mail!.parsed.subject).not.toMatch(UNSAFE_RE);
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
  });

  it.each(UNSAFE)('an SMTP sender name with %s is refused with 400 and the spec text', async (_, ch) => {
    const res = await server.api('/smtp/accounts', { method: 'POST', token, json: smtp.account({ fromName: `Provence${ch}Moteurs` }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Le nom d'expéditeur est requis", errors: [{ field: 'fromName' }] });
  });

  it.each(UNSAFE)('a newsletter subject with %s is refused with 400', async (_, ch) => {
    const res = await server.api('/newsletter/admin/send', {
      method: 'POST',
      token,
      json: { subject: `Offres${ch}du mois`, content: 'Bonjour' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Le sujet ne peut pas contenir de saut de ligne', errors: [{ field: 'subject' }] });
  });
});

describe('download filenames', () => {
  const newListing = async () =>
    (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id as number;

  // The multipart parser (@fastify/busboy, decision 076) passes raw VT and FF through: they are cleaned like the rest.
  it.each(UNSAFE)('a file name with %s downloads under a cleaned name', async (_, ch) => {
    const res = await upload(server, `/products/${await newListing()}/documents`, token, [
      { field: 'documents', name: `notice${ch}fdp.pdf`, bytes: makePdf('Notice', ['ok']) },
    ]);
    const body = await res.json();
    expect([res.status, body.error]).toEqual([201, undefined]);
    const doc = body.documents[0];
    const dl = await fetch(`${server.url}${doc.url}`);
    expect(dl.status).toBe(200);
    const disposition = dl.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="notice ?fdp\.pdf"; filename\*=UTF-8''notice(%20)?fdp\.pdf$/);
    // Percent-encoded forms of the unsafe characters (C2 85, E2 80 A8/A9, E2 80 AE, %0B, %0C) are gone too.
    expect(disposition).not.toMatch(/%C2%85|%E2%80%A[89E]|%0[BC]/i);
  });
});

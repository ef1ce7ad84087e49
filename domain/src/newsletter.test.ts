import { describe, expect, test } from 'vitest';
import { InquiryInputSchema } from './inquiries.ts';
import { NewsletterSendSchema, SubscribeInputSchema, completeVersions, newsletterVersion } from './newsletter.ts';

describe('newsletter subscription input', () => {
  test('lower-cases the address and defaults to French', () => {
    expect(SubscribeInputSchema.parse({ email: ' Jean@Example.FR ' })).toMatchObject({ email: 'jean@example.fr', language: 'fr' });
  });
  test.each(['', 'jean', 'jean@example', '=cmd@example.fr', 'a b@example.fr'])('%j gets the popup message', (email) => {
    // The spec's text (public-site §5), written by hand: the test fails if the constant drifts.
    expect(SubscribeInputSchema.safeParse({ email }).error?.issues[0]?.message).toBe('Veuillez saisir une adresse email valide.');
  });
  test('the consent page must be a site path', () => {
    expect(SubscribeInputSchema.safeParse({ email: 'a@b.fr', page: 'javascript:alert(1)' }).success).toBe(false);
    expect(SubscribeInputSchema.parse({ email: 'a@b.fr', page: '/en/annonces' }).page).toBe('/en/annonces');
  });
});

describe('newsletter send', () => {
  test('blank subject or content gives the spec message', () => {
    expect(NewsletterSendSchema.safeParse({ subject: ' ', content: 'x' }).error?.issues[0]?.message).toBe(
      'Veuillez remplir le sujet et le contenu du message',
    );
    expect(NewsletterSendSchema.safeParse({ subject: 'x', content: '\n' }).error?.issues[0]?.message).toBe(
      'Veuillez remplir le sujet et le contenu du message',
    );
  });
  test('an English version alone is enough; half of one is not', () => {
    expect(NewsletterSendSchema.safeParse({ subjectEn: 'News', contentEn: 'Hello' }).success).toBe(true);
    expect(NewsletterSendSchema.safeParse({ subject: 'Infos', content: 'Bonjour', contentEn: 'Hello' }).error?.issues[0]).toMatchObject({
      path: ['subjectEn'],
      message: 'Veuillez remplir le sujet et le contenu du message',
    });
  });
  test('each language gets its own version, or the other one marked as a fallback', () => {
    const both = { subject: 'Infos', content: 'Bonjour', subjectEn: 'News', contentEn: 'Hello' };
    expect(newsletterVersion(both, 'en')).toEqual({ subject: 'News', content: 'Hello', lang: 'en', fallback: false });
    expect(newsletterVersion({ subject: 'Infos', content: 'Bonjour', subjectEn: ' ' }, 'en')).toEqual({
      subject: 'Infos',
      content: 'Bonjour',
      lang: 'fr',
      fallback: true,
    });
    expect(completeVersions({ subjectEn: 'News', contentEn: 'Hello' })).toEqual(['en']);
    expect(newsletterVersion({}, 'fr')).toBeUndefined();
  });
});

describe('contact form input', () => {
  test('one-line fields lose their line breaks; the message keeps them', () => {
    const parsed = InquiryInputSchema.parse({
      name: 'Eve\r\nBcc: x@y.z',
      email: 'eve@example.org',
      phone: '06\n07',
      message: 'a\nb',
      productReference: '',
    });
    expect(parsed).toMatchObject({ name: 'Eve Bcc: x@y.z', phone: '06 07', message: 'a\nb', productReference: null, language: 'fr' });
  });
  test('an address with a line break is refused', () => {
    expect(InquiryInputSchema.safeParse({ name: 'a', email: 'a@b.fr\r\nBcc: c@d.fr', message: 'm' }).success).toBe(false);
  });
});

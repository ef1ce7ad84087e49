// The mail-client reply link and the call link of a message.
import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './reply-text.ts';

const inquiry = {
  name: 'Jean',
  email: 'jean@example.com',
  message: 'Ligne 1\nLigne 2',
  language: 'fr' as const,
  createdAt: '2024-05-02T08:30:00.000Z',
};

describe('mail-client reply', () => {
  it('opens a mail to the sender with the prefilled subject and the message quoted', () => {
    const url = new URL(mailtoHref(inquiry));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('jean@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: Votre demande via Provence Moteurs');
    const body = url.searchParams.get('body')!;
    expect(body).toContain('Bonjour Jean,');
    expect(body).toContain('> Ligne 1\n> Ligne 2');
  });

  it('greets in English for a message sent from the English site', () => {
    const body = new URL(mailtoHref({ ...inquiry, language: 'en' })).searchParams.get('body')!;
    expect(body.startsWith('Hello Jean,')).toBe(true);
    expect(body).toContain('Jean wrote:');
  });

  it('keeps only digits and a leading plus in the call link', () => {
    expect(telHref('+33 (0)6 12-34.56')).toBe('tel:+3306123456');
  });
});

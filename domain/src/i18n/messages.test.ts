import { describe, expect, it } from 'vitest';
import { localizeMessage, preferredLang } from './messages.ts';

describe('preferredLang: the Accept-Language a client prefers among French and English', () => {
  it('is French without a header, or when the header names neither', () => {
    expect(preferredLang(undefined)).toBe('fr');
    expect(preferredLang('')).toBe('fr');
    expect(preferredLang('de-DE, it;q=0.8')).toBe('fr');
  });

  it('is English when the client prefers it, whatever its region', () => {
    expect(preferredLang('en')).toBe('en');
    expect(preferredLang('en-GB,en;q=0.9')).toBe('en');
    expect(preferredLang('de, EN-us;q=0.7, fr;q=0.5')).toBe('en');
  });

  it('follows the weights, then the order, and ignores refused languages', () => {
    expect(preferredLang('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(preferredLang('en;q=0.4, fr;q=0.6')).toBe('fr');
    expect(preferredLang('fr, en')).toBe('fr');
    expect(preferredLang('en, fr')).toBe('en');
    expect(preferredLang('en;q=0, fr;q=0.1')).toBe('fr');
  });
});

describe('localizeMessage', () => {
  it('fills templates, translating their values too', () => {
    expect(localizeMessage('200 caractères au maximum', 'en')).toBe('200 characters at most');
    expect(localizeMessage("Erreur lors de l'envoi : Connexion au serveur SMTP impossible", 'en')).toBe(
      'Sending failed: Could not connect to the SMTP server',
    );
  });

  it("lists the password's missing rules in English", () => {
    expect(localizeMessage('Le mot de passe doit contenir: Au moins une majuscule, Au moins un chiffre', 'en')).toBe(
      'The password must contain: At least one capital letter, At least one digit',
    );
  });
});

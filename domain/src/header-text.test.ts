import { describe, expect, it } from 'vitest';
import { hasUnsafeHeaderText, headerSafe } from './header-text.ts';

describe('header-safe text', () => {
  it.each([
    ['NEL', 'Devis\u0085Bcc: x@example.net'],
    ['VT', 'Devis\u000bBcc: x@example.net'],
    ['FF', 'Devis\u000cBcc: x@example.net'],
    ['LINE SEPARATOR', 'Devis\u2028Bcc: x@example.net'],
    ['PARAGRAPH SEPARATOR', 'Devis\u2029Bcc: x@example.net'],
    ['CR LF', 'Devis\r\nBcc: x@example.net'],
  ])('turns %s into one space and flags it', (_, value) => {
    expect(hasUnsafeHeaderText(value)).toBe(true);
    expect(headerSafe(value)).toBe('Devis Bcc: x@example.net');
  });

  it('drops the right-to-left override that disguises a file type', () => {
    expect(hasUnsafeHeaderText('facture\u202Efdp.exe')).toBe(true);
    expect(headerSafe('facture\u202Efdp.exe')).toBe('facturefdp.exe');
    expect(headerSafe('\u2066a\u2069\u200f\u061cb')).toBe('ab');
  });

  it('keeps ordinary text, accents and emoji as they are', () => {
    for (const value of ['Moteur Volvo Penta D13', 'Réponse à votre demande', 'Ölçü 🚤', 'مرحبا']) {
      expect(hasUnsafeHeaderText(value)).toBe(false);
      expect(headerSafe(value)).toBe(value);
    }
  });
});

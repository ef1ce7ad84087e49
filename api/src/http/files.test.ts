import { describe, expect, it } from 'vitest';
import { contentDisposition } from './files.ts';

describe('Content-Disposition filename', () => {
  it('removes a right-to-left override from both filename and filename*', () => {
    const header = contentDisposition('attachment', 'facture\u202Efdp.exe');
    expect(header).toBe(`attachment; filename="facturefdp.exe"; filename*=UTF-8''facturefdp.exe`);
  });

  it.each([
    ['NEL', '\u0085'],
    ['VT', '\u000b'],
    ['FF', '\u000c'],
    ['LINE SEPARATOR', '\u2028'],
    ['PARAGRAPH SEPARATOR', '\u2029'],
  ])('turns %s into a space', (_, ch) => {
    expect(contentDisposition('inline', `notice${ch}moteur.pdf`)).toBe(
      `inline; filename="notice moteur.pdf"; filename*=UTF-8''notice%20moteur.pdf`,
    );
  });

  it('keeps accents in filename* and gives an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Fiche équipée.pdf')).toBe(
      `attachment; filename="Fiche equipee.pdf"; filename*=UTF-8''Fiche%20%C3%A9quip%C3%A9e.pdf`,
    );
  });
});

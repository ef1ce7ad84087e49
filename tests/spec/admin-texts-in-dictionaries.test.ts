// Every text the admin shows comes from its dictionaries (domain/src/i18n/admin-fr.ts and
// admin-en.ts), so that switching the admin to English leaves no French behind: no string, template
// or JSX text in the admin's sources may contain French letters or guillemets. Comments do not count.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const adminSrc = path.join(root, 'admin-pwa/src');

/** Files allowed to hold French, each with the reason. */
const ALLOWED: Record<string, string> = {
  // The reply's prefilled greeting and signature are written in the customer's language (the
  // inquiry's), not the admin's: they are content of the mail, not texts of the screen.
  'features/messages/reply-text.ts': "the reply mail's body, in the customer's language",
};

const FRENCH = /[àâçéèêëîïôûùüÿœæÀÂÇÉÈÊËÎÏÔÛÙÜŸŒÆ«»]/;

/** The texts of a source file a user could see: string literals, template parts and JSX text. */
export function visibleTexts(fileName: string, source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      // Import paths are code, not text.
      if (!(ts.isStringLiteral(node) && ts.isImportDeclaration(node.parent)))
        found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const sources = fs
  .readdirSync(adminSrc, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.|test-(fetch|setup)\.ts$/.test(f))
  .map((f) => f.split(path.sep).join('/'));

describe('admin texts live in the dictionaries', () => {
  it('finds a French text planted in a component (the scan works)', () => {
    const planted = visibleTexts(
      'planted.tsx',
      "// Un commentaire à ignorer\nexport const X = () => <p title={'Libellé'}>Réponse envoyée</p>;\nconst t = `Étape ${1}`;",
    );
    expect(planted.filter((t) => FRENCH.test(t.text)).map((t) => t.line)).toEqual([2, 2, 3]);
  });

  it('no admin source outside the allow-list writes French text on screen', () => {
    expect(sources.length).toBeGreaterThan(50);
    const offenders = sources
      .filter((f) => !(f in ALLOWED))
      .flatMap((f) =>
        visibleTexts(f, fs.readFileSync(path.join(adminSrc, f), 'utf8'))
          .filter((t) => FRENCH.test(t.text))
          .map((t) => `${f}:${t.line} ${t.text}`),
      );
    expect(offenders).toEqual([]);
  });

  it('every allowed file still exists and still needs its exception', () => {
    for (const f of Object.keys(ALLOWED)) {
      const texts = visibleTexts(f, fs.readFileSync(path.join(adminSrc, f), 'utf8'));
      expect(
        texts.some((t) => FRENCH.test(t.text)),
        f,
      ).toBe(true);
    }
  });
});

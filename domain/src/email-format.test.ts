import { describe, expect, it } from 'vitest';
import { documentedEmailPattern, isSimpleEmail, SIMPLE_EMAIL } from './email-format.ts';

/** The spec's pattern as first written; it backtracks quadratically on a domain of dots (only short strings here). */
// eslint-disable-next-line regexp/no-super-linear-backtracking -- the reference the linear pattern is held to
const SPEC_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

describe('the simple e-mail pattern', () => {
  it('accepts exactly what the spec’s pattern accepts, for every string of up to 7 of a, ., @, space and é', () => {
    const alphabet = ['a', '.', '@', ' ', 'é'];
    let strings = [''];
    for (let length = 1; length <= 7; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      for (const value of strings) if (SIMPLE_EMAIL.test(value) !== SPEC_PATTERN.test(value)) expect.fail(JSON.stringify(value));
    }
  });

  it('refuses control, format, line and paragraph separator characters anywhere', () => {
    for (const c of [
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u00ad',
      '\u061c',
      '\u200b',
      '\u200e',
      '\u202e',
      '\u2066',
      '\u2028',
      '\u2029',
      '\ufeff',
      '\u{e0041}',
    ])
      for (const value of [`j${c}ne@example.org`, `jane@exa${c}mple.org`, `jane@example.o${c}rg`])
        expect(isSimpleEmail(value), JSON.stringify(value)).toBe(false);
    expect(isSimpleEmail('jane@example.org')).toBe(true);
  });

  it('refuses an address over 254 characters before trying the pattern', () => {
    expect(isSimpleEmail(`${'a'.repeat(243)}@example.org`)).toBe(false);
    expect(isSimpleEmail(`${'a'.repeat(242)}@example.org`)).toBe(true);
  });

  it('documents, without property escapes, the same characters for the whole Basic Multilingual Plane', () => {
    const documented = new RegExp(documentedEmailPattern());
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates are no characters
      const c = String.fromCharCode(code);
      const value = `a${c}b@example.org`;
      if (documented.test(value) !== SIMPLE_EMAIL.test(value)) differ.push(code.toString(16));
      if (HIDDEN.test(c) && documented.test(value)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });
});

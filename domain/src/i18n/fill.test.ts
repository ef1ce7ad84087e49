import { describe, expect, it } from 'vitest';
import { fill } from './index.ts';

describe('fill', () => {
  it('puts each value in place of its name, as often as the name is written', () => {
    expect(fill('Page {page} sur {pages}', { page: 1, pages: 3 })).toBe('Page 1 sur 3');
    expect(fill('{label} ({count})', { label: 'Neuf', count: 0 })).toBe('Neuf (0)');
    expect(fill('{a}{b}{a}', { a: 'x', b: 'y' })).toBe('xyx');
  });

  it('leaves a name without a value, and braces around no name, as written', () => {
    expect(fill('{count} annonces pour {search}', { count: 2 })).toBe('2 annonces pour {search}');
    expect(fill('{} { x } {page', { page: 1 })).toBe('{} { x } {page');
    expect(fill('Aucune annonce', { count: 0 })).toBe('Aucune annonce');
  });

  it('gives the same text again when asked twice with other values', () => {
    expect(fill('{n} €', { n: 5 })).toBe('5 €');
    expect(fill('{n} €', { n: 7 })).toBe('7 €');
  });
});

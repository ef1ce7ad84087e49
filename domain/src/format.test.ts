import { describe, expect, it } from 'vitest';
import { formatFileSize, formatLongDate, formatWait, labelled } from './format.ts';

describe('formats for the page language', () => {
  it('writes sizes in octets in French and bytes in English, with each language’s decimal mark', () => {
    expect(formatFileSize(726, 'fr')).toBe('726\u00a0o');
    expect(formatFileSize(726, 'en')).toBe('726\u00a0B');
    expect(formatFileSize(37_868, 'fr')).toBe('36,98\u00a0ko');
    expect(formatFileSize(37_868, 'en')).toBe('36.98\u00a0KB');
    expect(formatFileSize(5 * 1024 * 1024, 'fr')).toBe('5\u00a0Mo');
    expect(formatFileSize(3 * 1024 ** 3, 'en')).toBe('3\u00a0GB');
  });
  it('puts a narrow no-break space before a French colon and none before an English one', () => {
    expect(labelled('fr', 'Marque', 'Volvo')).toBe('Marque\u202f: Volvo');
    expect(labelled('en', 'Brand', 'Volvo')).toBe('Brand: Volvo');
  });
  it('words a wait in whole seconds, minutes or hours, rounded up', () => {
    expect(formatWait(45, 'fr')).toBe('45\u00a0secondes');
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(61, 'en')).toBe('2 minutes');
    expect(formatWait(900, 'fr')).toBe('15 minutes');
    expect(formatWait(7200, 'en')).toBe('2 hours');
  });
});

describe('formatLongDate', () => {
  it('gives the day in Paris, in words, in each language', () => {
    // 23:30 UTC on 25 November is already the 26th in Paris (UTC+1).
    const late = new Date('2026-11-25T23:30:00Z');
    expect(formatLongDate(late, 'fr')).toBe('26 novembre 2026');
    expect(formatLongDate(late, 'en')).toBe('26 November 2026');
    expect(formatLongDate(new Date('2026-07-01T12:00:00Z'), 'fr')).toBe('1 juillet 2026');
  });
});

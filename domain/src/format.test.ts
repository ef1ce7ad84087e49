import { describe, expect, it } from 'vitest';
import { formatFileSize, formatWait, labelled } from './format.ts';

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

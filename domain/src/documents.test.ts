import { describe, expect, it } from 'vitest';
import { TechnicalDocumentFieldsSchema, TechnicalDocumentQuerySchema, defaultTitle, formatFileSize } from './documents.ts';

describe('documents', () => {
  it('formats sizes in Bytes, KB, MB or GB', () => {
    expect(formatFileSize(512, 'en')).toBe('512\u00a0B');
    expect(formatFileSize(2048, 'fr')).toBe('2\u00a0ko');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5\u00a0MB');
    expect(formatFileSize(3 * 1024 ** 3, 'fr')).toBe('3\u00a0Go');
  });

  it('defaults a title to the file name', () => {
    expect(defaultTitle('fiche technique.pdf')).toBe('fiche technique');
  });

  it('reads the technical list query with the spec defaults and page sizes', () => {
    expect(TechnicalDocumentQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 20,
      search: undefined,
      type: undefined,
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });
    expect(TechnicalDocumentQuerySchema.parse({ sortOrder: 'ASC', limit: '50' })).toMatchObject({ sortOrder: 'ASC', limit: 50 });
    // The document's values only: no lower-case order, no `all` or empty value for "none" (decision 122).
    for (const bad of [{ sortOrder: 'asc' }, { type: 'all' }, { type: '' }, { page: '' }])
      expect([bad, TechnicalDocumentQuerySchema.safeParse(bad).success]).toEqual([bad, false]);
    expect(TechnicalDocumentQuerySchema.safeParse({ limit: '30' }).success).toBe(false);
  });

  it('trims optional fields and stores empty ones as null', () => {
    expect(TechnicalDocumentFieldsSchema.parse({ title: ' Guide ', titleFr: '  ', productId: '' })).toEqual({
      title: 'Guide',
      titleFr: null,
      titleEn: null,
      descriptionFr: null,
      descriptionEn: null,
      productId: null,
    });
    expect(TechnicalDocumentFieldsSchema.safeParse({ title: '  ' }).error?.issues[0]?.message).toBe('Veuillez saisir un titre');
  });
});

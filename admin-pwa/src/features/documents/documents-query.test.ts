// The technical documents list query: defaults, the sort toggle rule, filters back to page 1, the
// range text, type detection and the local (offline) answer.
import { describe, expect, it } from 'vitest';
import type { TechnicalDocument } from '@app/domain/documents';
import { detectType, mimeOf } from './document-form.ts';
import { adminEn } from '@app/domain/i18n/admin-en';
import { adminFr } from '@app/domain/i18n/admin-fr';
import { backOffice, specText } from '../../../../tests/fixtures/spec-texts.ts';
import { DEFAULT_QUERY, PAGE_SIZES, localQuery, rangeText, toggleSort, withFilter } from './documents-query.ts';

describe('technical documents query', () => {
  it('starts on page 1, 20 per page, no search, all types, newest first', () => {
    expect(DEFAULT_QUERY).toEqual({ page: 1, limit: 20, search: '', type: 'all', sortBy: 'createdAt', sortOrder: 'DESC' });
    expect([...PAGE_SIZES]).toEqual([10, 20, 50, 100]);
  });

  it('starts a newly clicked column ascending and alternates on the same column', () => {
    const byTitle = toggleSort(DEFAULT_QUERY, 'title');
    expect(byTitle).toMatchObject({ sortBy: 'title', sortOrder: 'ASC' });
    expect(toggleSort(byTitle, 'title')).toMatchObject({ sortBy: 'title', sortOrder: 'DESC' });
    expect(toggleSort(toggleSort(byTitle, 'title'), 'title')).toMatchObject({ sortOrder: 'ASC' });
    expect(toggleSort({ ...byTitle, sortOrder: 'DESC' }, 'downloadCount')).toMatchObject({ sortBy: 'downloadCount', sortOrder: 'ASC' });
  });

  it('goes back to page 1 on any filter change', () => {
    const onPage3 = { ...DEFAULT_QUERY, page: 3 };
    expect(withFilter(onPage3, { search: 'moteur' }).page).toBe(1);
    expect(withFilter(onPage3, { type: 'pdf' }).page).toBe(1);
    expect(withFilter(onPage3, { limit: 50 })).toMatchObject({ page: 1, limit: 50 });
  });

  it("says the spec's 'Affichage de x à y sur n documents', and its English counterpart", () => {
    const spec = backOffice.technicalDocuments.range.fr;
    expect(rangeText(adminFr.documents.range, 1, 20, 45)).toBe(specText(spec, { from: 1, to: 20, total: 45 }));
    expect(rangeText(adminFr.documents.range, 3, 20, 45)).toBe('Affichage de 41 à 45 sur 45 documents');
    expect(rangeText(adminEn.documents.range, 3, 20, 45)).toBe('Showing 41 to 45 of 45 documents');
  });

  it('detects the type from the MIME type, or from the extension when the browser gives none', () => {
    expect(detectType({ name: 'notice.pdf', type: 'application/pdf' })).toBe('pdf');
    expect(detectType({ name: 'photo.jpg', type: 'image/jpg' })).toBe('image');
    expect(detectType({ name: 'demo.webm', type: '' })).toBe('video');
    expect(mimeOf({ name: 'film.OGG', type: '' })).toBe('video/ogg');
    expect(detectType({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
  });

  it('answers a never-fetched query offline from the stored documents', () => {
    const doc = (id: number, title: string, type: 'pdf' | 'image', downloads: number) =>
      ({
        id,
        title,
        type,
        downloadCount: downloads,
        createdAt: `2024-01-0${id}`,
        titleFr: null,
        titleEn: null,
        descriptionFr: null,
        descriptionEn: null,
      }) as TechnicalDocument;
    const all = [doc(1, 'Notice moteur', 'pdf', 5), doc(2, 'Photo groupe', 'image', 9), doc(3, 'Schéma moteur', 'pdf', 1)];
    const answer = localQuery(all, { ...DEFAULT_QUERY, search: 'MOTEUR', type: 'pdf', sortBy: 'downloadCount', sortOrder: 'ASC' });
    expect(answer.total).toBe(2);
    expect(answer.documents.map((d) => d.id)).toEqual([3, 1]);
  });
});

// Editing a technical document's texts: the English title of an existing document can be set,
// changed or cleared; a refused save keeps the dialog open with what was typed.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TechnicalDocument } from '@app/domain/documents';
import { toasts } from '../../lib/toast.ts';
import { freshStart, type FakeApi } from '../../test-fetch.ts';
import { EditDocumentDialog } from './edit-document-dialog.tsx';

let api: FakeApi;
const stored: TechnicalDocument = {
  id: 7,
  title: 'Fiche technique D13',
  titleFr: 'Fiche technique D13',
  titleEn: null,
  descriptionFr: 'Caractéristiques du moteur.',
  descriptionEn: null,
  originalFilename: 'd13.pdf',
  mimeType: 'application/pdf',
  type: 'pdf',
  size: 1024,
  downloadCount: 0,
  productId: null,
  product: null,
  url: '/api/technical-documents/download/7',
  createdAt: '2026-01-01T00:00:00.000Z',
} as TechnicalDocument;

beforeEach(async () => {
  api = await freshStart();
  api.on('GET', '/products', () => ({ items: [], total: 0, pages: 0 }));
});

describe('edit technical document', () => {
  it('sends the new English title with the other texts kept, then closes', async () => {
    api.on('PUT', '/admin/technical-documents/7', (call) => ({ document: { ...stored, ...(call.body as object) } }));
    const user = userEvent.setup();
    let closed = false;
    render(<EditDocumentDialog document={stored} onClose={() => (closed = true)} onSaved={() => {}} />);
    expect((screen.getByLabelText('Titre (anglais)') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Titre (anglais)'), 'D13 data sheet');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(api.callsTo('PUT', '/admin/technical-documents/7')[0]!.body).toMatchObject({
      title: 'Fiche technique D13',
      titleFr: 'Fiche technique D13',
      titleEn: 'D13 data sheet',
      descriptionFr: 'Caractéristiques du moteur.',
      productId: null,
    });
    expect(toasts.get().map((t) => t.message)).toContain('Document modifié');
  });

  it('keeps the dialog and the typed text when the server refuses, with its message', async () => {
    api.on('PUT', '/admin/technical-documents/7', () => Response.json({ error: 'Document introuvable' }, { status: 404 }));
    const user = userEvent.setup();
    let closed = false;
    render(<EditDocumentDialog document={stored} onClose={() => (closed = true)} onSaved={() => {}} />);
    await user.type(screen.getByLabelText('Titre (anglais)'), 'D13 data sheet');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(toasts.get().map((t) => t.message)).toContain('Document introuvable'));
    expect(closed).toBe(false);
    expect((screen.getByLabelText('Titre (anglais)') as HTMLInputElement).value).toBe('D13 data sheet');
  });

  it('refuses an emptied main title with the spec message, sending nothing', async () => {
    const user = userEvent.setup();
    render(<EditDocumentDialog document={stored} onClose={() => {}} onSaved={() => {}} />);
    await user.clear(screen.getByLabelText(/Titre principal/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Veuillez saisir un titre')).toBeTruthy();
    expect(api.callsTo('PUT', /technical-documents/)).toHaveLength(0);
  });
});

// The technical document create modal: the product picker ('Aucun produit spécifique', up to 100
// listings), the accept list, the type detected from the file, and each validation message.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStart, type FakeApi } from '../../test-fetch.ts';
import { backOffice } from '../../../../tests/fixtures/spec-texts.ts';
import { CreateDocumentDialog } from './create-document-dialog.tsx';

const spec = backOffice.technicalDocuments;

let api: FakeApi;

beforeEach(async () => {
  api = await freshStart();
  api.on('GET', '/products', () => ({
    items: [
      { id: 11, titleFr: 'Groupe électrogène 100 kVA' },
      { id: 12, titleFr: 'Moteur marin 300 ch' },
    ],
    total: 2,
    pages: 1,
  }));
});

const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
const aFile = (name: string, type: string, size = 1024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('create technical document', () => {
  it("loads up to 100 listings into the picker after 'Aucun produit spécifique'", async () => {
    render(<CreateDocumentDialog onClose={() => {}} onCreated={() => {}} />);
    const select = screen.getByLabelText('Produit associé') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.textContent)).toEqual([spec.noProduct.fr, 'Groupe électrogène 100 kVA', 'Moteur marin 300 ch']);
    expect(api.callsTo('GET', '/products')[0]!.query.get('limit')).toBe('100');
  });

  it('accepts the extensions of the spec', () => {
    render(<CreateDocumentDialog onClose={() => {}} onCreated={() => {}} />);
    expect(fileInput().accept).toBe('.pdf,.jpg,.jpeg,.png,.webp,.mp4,.webm,.ogg');
  });

  it('requires a file and a title', async () => {
    const user = userEvent.setup();
    render(<CreateDocumentDialog onClose={() => {}} onCreated={() => {}} />);
    await user.click(screen.getByRole('button', { name: spec.create.fr }));
    expect(screen.getByText(spec.missingFile.fr)).toBeTruthy();
    expect(screen.getByText(spec.missingTitle.fr)).toBeTruthy();
  });

  it('shows the detected type of a picked file', async () => {
    const user = userEvent.setup();
    render(<CreateDocumentDialog onClose={() => {}} onCreated={() => {}} />);
    await user.upload(fileInput(), aFile('notice.pdf', 'application/pdf'));
    expect(screen.getByText('PDF')).toBeTruthy();
    expect(screen.getByText(/Type détecté/)).toBeTruthy();
  });

  it('refuses a file over 50 MB', async () => {
    const user = userEvent.setup();
    render(<CreateDocumentDialog onClose={() => {}} onCreated={() => {}} />);
    await user.upload(fileInput(), aFile('film.mp4', 'video/mp4', 50 * 1024 * 1024 + 1));
    expect(screen.getByText(spec.size.fr)).toBeTruthy();
  });

  it('refuses a type outside the list', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<CreateDocumentDialog onClose={() => {}} onCreated={() => {}} />);
    await user.upload(fileInput(), aFile('notes.txt', 'text/plain'));
    expect(screen.getByText(spec.type.fr)).toBeTruthy();
    await user.type(screen.getByLabelText(/Titre principal/), 'Notes');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(api.callsTo('POST', /technical-documents/)).toHaveLength(0);
  });
});

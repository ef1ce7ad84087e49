// The listing form: defaults of a new listing, every required-field message, generator-only voltage
// and phase, the numeric coercion, file checks with the spec's messages, and the button labels.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, assert, describe, expect, it } from 'vitest';
import { Toaster } from '../../components/toaster.tsx';
import { db } from '../../db/db.ts';
import { freshStart, setOnline } from '../../test-fetch.ts';
import { setAdminLang } from '../../lib/i18n.ts';
import ListingFormPage, { submitLabel } from './listing-form-page.tsx';
import type { Product } from '@app/domain/products';
import { adminEn } from '@app/domain/i18n/admin-en';
import { adminFr } from '@app/domain/i18n/admin-fr';
import { backOffice } from '../../../../tests/fixtures/spec-texts.ts';
import { documentProblem, emptyForm, imageProblem, validateListing } from './listing-form-model.ts';

function renderNew() {
  renderAt('/annonces/new');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/annonces/new', element: <ListingFormPage /> },
      { path: '/annonces/:id/edit', element: <ListingFormPage /> },
      { path: '/annonces', element: <p>Annonces</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

/** A saved engine, as the device stores it. */
const storedListing: Product = {
  id: 7,
  titleFr: 'Moteur marin',
  titleEn: 'Marine engine',
  descriptionFr: 'Moteur révisé.',
  descriptionEn: 'Overhauled engine.',
  type: 'engine',
  category: null,
  brand: 'Volvo',
  model: 'D6',
  fuelType: 'diesel',
  voltage: null,
  phase: null,
  weight: 700,
  length: null,
  width: null,
  height: null,
  powerOutput: 300,
  powerUnit: 'kw',
  powerKw: 300,
  condition: 'used',
  featured: false,
  year: null,
  price: 15000,
  specifications: {},
  specificationsEn: {},
  version: 3,
  createdAt: new Date(Date.UTC(2024, 0, 1)).toISOString(),
  updatedAt: new Date(Date.UTC(2024, 0, 1)).toISOString(),
  images: [],
  documents: [],
};

/** The required fields of a generator, by their English labels. */
function fillInEnglish(titleFr: string, titleEn: string) {
  for (const [label, value] of [
    ['Title (French)', titleFr],
    ['Title (English)', titleEn],
    ['Brand', 'SDMO'],
    ['Model', 'J60'],
    ['Description (French)', 'Groupe capoté.'],
    ['Description (English)', 'Canopied generator.'],
  ] as const)
    fireEvent.change(field(label), { target: { value } });
}

describe('listing form', () => {
  it("says 'Erreur de création' with 'Erreur lors de la création' when the server refuses a new listing without a message", async () => {
    const api = await freshStart();
    api.on('POST', '/products', () => Response.json({}, { status: 500 }));
    renderNew();
    for (const [label, value] of [
      ['Titre (français)', 'Groupe 60 kVA'],
      ['Titre (anglais)', '60 kVA generator'],
      ['Marque', 'SDMO'],
      ['Modèle', 'J60'],
      ['Description (français)', 'Groupe capoté.'],
      ['Description (anglais)', 'Canopied generator.'],
    ] as const)
      fireEvent.change(field(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: "Créer l'annonce" }));
    const shown = await screen.findByRole('alert');
    expect(within(shown).getByText(backOffice.toastFallbacks.create.fr.title)).toBeTruthy();
    expect(within(shown).getByText(backOffice.toastFallbacks.create.fr.text)).toBeTruthy();
    expect(api.callsTo('POST', '/products')).toHaveLength(1);
  });

  it('opens a new listing with the spec defaults', () => {
    renderNew();
    expect((screen.getByLabelText('Type', { exact: false }) as HTMLSelectElement).value).toBe('generator');
    expect((screen.getByLabelText('État', { exact: false }) as HTMLSelectElement).value).toBe('new');
    expect((screen.getByRole('spinbutton', { name: /^Puissance/ }) as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Unité de puissance', { exact: false }) as HTMLSelectElement).value).toBe('kw');
    expect(field('Carburant').value).toBe('diesel');
    expect(field('Tension').value).toBe('400V');
    expect(field('Phase').value).toBe('3');
    expect(field('Poids (kg)').value).toBe('500');
    expect((screen.getByLabelText('Annonce en vedette', { exact: false }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: "Créer l'annonce" })).toBeTruthy();
  });

  it('shows a message under every empty required field', async () => {
    renderNew();
    fireEvent.change(field('Carburant'), { target: { value: '' } });
    fireEvent.change(field('Tension'), { target: { value: '' } });
    fireEvent.change(field('Phase'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: "Créer l'annonce" }));
    for (const message of [
      'Le titre en français est requis',
      'Le titre en anglais est requis',
      'La description en français est requise',
      'La description en anglais est requise',
      'La marque est requise',
      'Le modèle est requis',
      'Le type de carburant est requis',
      'La tension est requise pour un groupe électrogène',
      'La phase est requise pour un groupe électrogène',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(field('Titre (français)').getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a message when its field is edited', async () => {
    renderNew();
    fireEvent.click(screen.getByRole('button', { name: "Créer l'annonce" }));
    expect(await screen.findByText('La marque est requise')).toBeTruthy();
    fireEvent.change(field('Marque'), { target: { value: 'Volvo Penta' } });
    expect(screen.queryByText('La marque est requise')).toBeNull();
  });

  it('hides voltage and phase for an engine, and sends them as null', () => {
    renderNew();
    fireEvent.change(screen.getByLabelText('Type', { exact: false }), { target: { value: 'engine' } });
    expect(screen.queryByLabelText('Tension', { exact: false })).toBeNull();
    const form = {
      ...emptyForm(),
      type: 'engine' as const,
      titleFr: 'a',
      titleEn: 'a',
      descriptionFr: 'a',
      descriptionEn: 'a',
      brand: 'b',
      model: 'm',
    };
    const r = validateListing(form);
    expect(r.ok && r.input.voltage).toBe(null);
    expect(r.ok && r.input.phase).toBe(null);
  });

  it('coerces numbers as the spec says: empty optional → null, bad power/weight → 1, other bad numbers → 0', () => {
    const base = { ...emptyForm(), titleFr: 'a', titleEn: 'a', descriptionFr: 'a', descriptionEn: 'a', brand: 'b', model: 'm' };
    const r = validateListing({ ...base, powerOutput: '-3', weight: 'abc', length: '', price: '' });
    assert(r.ok, 'the form is valid');
    expect(r.input.powerOutput).toBe(1);
    expect(r.input.weight).toBe(1);
    expect(r.input.length).toBe(null);
    expect(r.input.price).toBe(null);
    const priced = validateListing({ ...base, price: '12500.5' });
    expect(priced.ok && priced.input.price).toBe(12500.5);
  });

  it('refuses images and documents with the spec messages', () => {
    const file = (name: string, type: string, _size: number) => new File([new Uint8Array(1)], name, { type }) as File & { size: number };
    const big = (f: File, size: number) => Object.defineProperty(f, 'size', { value: size });
    expect(imageProblem(file('a.gif', 'image/gif', 1))).toBe('Seuls les formats JPEG, PNG et WebP sont acceptés');
    expect(imageProblem(big(file('a.jpg', 'image/jpeg', 1), 5 * 1024 * 1024 + 1))).toBe('Chaque image ne peut pas dépasser 5 MB');
    expect(imageProblem(file('a.webp', 'image/webp', 1))).toBe(null);
    expect(documentProblem(file('a.exe', 'application/x-msdownload', 1))).toBe(
      'Formats acceptés: PDF, images, vidéos, documents Word, fichiers texte',
    );
    expect(documentProblem(big(file('a.pdf', 'application/pdf', 1), 50 * 1024 * 1024 + 1))).toBe(
      'Chaque document ne peut pas dépasser 50 MB',
    );
    expect(documentProblem(file('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1))).toBe(null);
  });

  it('labels the submit button for each step of the save with the spec texts', () => {
    const spec = backOffice.listingForm;
    expect(submitLabel(adminFr.listingForm, 'idle', false)).toBe(spec.create.fr);
    expect(submitLabel(adminFr.listingForm, 'idle', true)).toBe(spec.update.fr);
    expect(submitLabel(adminFr.listingForm, 'saving', true)).toBe(spec.saving.fr);
    expect(submitLabel(adminFr.listingForm, 'images', true)).toBe(spec.uploadingImages.fr);
    expect(submitLabel(adminFr.listingForm, 'documents', false)).toBe(spec.uploadingDocuments.fr);
  });

  it('labels the submit button in English when the admin is in English', () => {
    expect(submitLabel(adminEn.listingForm, 'idle', false)).toBe('Create listing');
    expect(submitLabel(adminEn.listingForm, 'images', true)).toBe('Uploading images...');
  });
});

describe('listing form in English', () => {
  afterEach(() => setAdminLang('fr'));

  it("labels the fields and gives the schema's messages in English", async () => {
    setAdminLang('en');
    renderNew();
    expect(screen.getByLabelText('Title (French)', { exact: false })).toBeTruthy();
    fireEvent.change(field('Voltage'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create listing' }));
    for (const message of [
      'The French title is required',
      'The English title is required',
      'The brand is required',
      'The voltage is required for a generator set',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('La marque est requise')).toBeNull();
  });

  it('refuses a picked file with the English message', () => {
    setAdminLang('en');
    renderNew();
    const input = document.querySelectorAll<HTMLInputElement>('input[type=file]')[0]!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByText('Only JPEG, PNG and WebP images are accepted')).toBeTruthy();
  });

  it('names a listing queued offline by its English title in the outbox', async () => {
    await freshStart();
    setAdminLang('en');
    setOnline(false);
    renderNew();
    fillInEnglish('Groupe 60 kVA', '60 kVA generator');
    fireEvent.click(screen.getByRole('button', { name: 'Create listing' }));
    await screen.findByText('Annonces');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'listing.create', label: 'Creation of the listing “60 kVA generator”' });
  });

  it('names a change queued offline by the English title in the outbox', async () => {
    await freshStart();
    setAdminLang('en');
    setOnline(false);
    const { images: _images, documents: _documents, ...stored } = storedListing;
    await db.products.put(stored);
    renderAt('/annonces/7/edit');
    await waitFor(() => expect(field('Title (English)').value).toBe('Marine engine'));
    fireEvent.change(field('Brand'), { target: { value: 'Volvo Penta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Annonces');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'listing.update', label: 'Changes to the listing “Marine engine”' });
  });
});

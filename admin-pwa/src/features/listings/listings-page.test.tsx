// The listings table: after a delete the total and the pages are the server's again (the next
// listing moves up), and the 'Vedette'/'Standard' toggle sends `featured` alone with the listing's
// version (PATCH) — at once online, through the outbox offline, and as a conflict on a 409.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Router, createPath, type Navigator } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@app/domain/products';
import { db } from '../../db/db.ts';
import { toasts } from '../../lib/toast.ts';
import { enqueue, replayOutbox, resolveConflict } from '../../db/outbox.ts';
import { freshStart, setOnline, type FakeApi } from '../../test-fetch.ts';
import ListingsPage from './listings-page.tsx';
import { LISTING_UPDATE, type UpdatePayload } from './operations.ts';
import { setAdminLang } from '../../lib/i18n.ts';
import '../../app/operations.ts';

/** What the table was given at each commit, recorded by an effect that runs just before the page's own effects. */
const shown = vi.hoisted(() => [] as { fromCache: boolean; loading: boolean; pages: number }[]);
vi.mock('./use-listings.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./use-listings.ts')>();
  return {
    ...real,
    useListings: (q: Parameters<typeof real.useListings>[0]) => {
      const result = real.useListings(q);
      const { fromCache, loading, pages } = result;
      useEffect(() => void shown.push({ fromCache, loading, pages }));
      return result;
    },
  };
});

let api: FakeApi;
let server: Product[];

const listing = (id: number, featured = false): Product => ({
  id,
  titleFr: `Groupe ${id}`,
  titleEn: `Generator ${id}`,
  descriptionFr: 'Groupe de secours.',
  descriptionEn: 'Standby generator.',
  type: 'generator',
  category: null,
  brand: 'Perkins',
  model: `P${id}`,
  fuelType: 'diesel',
  voltage: '400V',
  phase: '3',
  weight: 900,
  length: null,
  width: null,
  height: null,
  powerOutput: 100,
  powerUnit: 'kva',
  powerKw: 80,
  condition: 'used',
  featured,
  year: null,
  price: 12000,
  specifications: {},
  specificationsEn: {},
  version: 1,
  createdAt: new Date(Date.UTC(2024, 0, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2024, 0, id)).toISOString(),
  images: [],
  documents: [],
});

/** The API's rules for what the table uses: newest first, 10 a page (none when empty), DELETE, PUT and PATCH with a version check. */
function serve(count: number) {
  server = Array.from({ length: count }, (_, i) => listing(i + 1));
  api.on('GET', '/products', (c) => {
    const page = Number(c.query.get('page') ?? 1);
    const limit = Number(c.query.get('limit') ?? 10);
    const sorted = [...server].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      items: sorted.slice((page - 1) * limit, page * limit),
      products: [],
      total: sorted.length,
      pages: Math.ceil(sorted.length / limit),
    };
  });
  api.on('DELETE', /^\/products\/\d+$/, (c) => {
    server = server.filter((p) => p.id !== Number(c.path.split('/')[2]));
    return new Response(null, { status: 204 });
  });
  api.on('PUT', /^\/products\/\d+$/, (c) => {
    const body = c.body as Product;
    const current = server.find((p) => p.id === Number(c.path.split('/')[2]))!;
    if (body.version !== current.version) return Response.json({ error: "L'annonce a été modifiée entre-temps." }, { status: 409 });
    Object.assign(current, body, { version: current.version + 1 });
    return current;
  });
  // PATCH: only the fields sent change; no check of the others (the API's rule).
  api.on('PATCH', /^\/products\/\d+$/, (c) => {
    const { version, ...changes } = c.body as Partial<Product>;
    const current = server.find((p) => p.id === Number(c.path.split('/')[2]))!;
    if (version !== current.version) return Response.json({ error: "L'annonce a été modifiée entre-temps." }, { status: 409 });
    Object.assign(current, changes, { version: current.version + 1 });
    return current;
  });
  api.on('GET', /^\/products\/\d+$/, (c) => server.find((p) => p.id === Number(c.path.split('/')[2])));
}

const show = () =>
  render(
    <MemoryRouter initialEntries={['/annonces']}>
      <ListingsPage />
    </MemoryRouter>,
  );

/** A router at '/annonces' that records every navigation the moment it is asked for. */
function recordingNavigator(into: string[]): Navigator {
  const record = (to: Parameters<Navigator['push']>[0]) => void into.push(typeof to === 'string' ? to : createPath(to));
  return {
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: record,
    replace: record,
    go: (n) => void into.push(`go ${n}`),
  };
}

const table = () => within(screen.getByRole('table'));
const toastTitled = (title: string) => waitFor(() => expect(toasts.get().map((t) => t.title)).toContain(title));
const row = (title: string) => screen.getByRole('row', { name: new RegExp(`\\b${title}\\b`) });
/** A row's button once the row is shown (the count may be shown a render before the rows). */
const findButton = async (title: string, name: string) =>
  within(await screen.findByRole('row', { name: new RegExp(`\\b${title}\\b`) })).findByRole('button', { name });

beforeEach(async () => {
  shown.length = 0;
  api = await freshStart();
});

describe('listings table', () => {
  // The API answers an empty catalogue with 0 pages. Taking page 1 for "past the last page" sent the list
  // to its own URL once loaded, and that navigation cancelled a click on 'Nouvelle annonce' whose screen
  // was still loading: the form never opened.
  it('an empty catalogue shows its empty state and leaves the URL as it is', async () => {
    serve(0);
    const navigations: string[] = [];
    render(
      <Router location="/annonces" navigator={recordingNavigator(navigations)}>
        <ListingsPage />
      </Router>,
    );
    await screen.findByText('Aucune annonce trouvée');
    await waitFor(() => expect(api.callsTo('GET', '/products').length).toBeGreaterThanOrEqual(1));
    // The page has shown the server's answer (0 pages), and its effects for it have run: a navigation
    // would have been recorded in the same flush.
    await waitFor(() => expect(shown.at(-1)).toMatchObject({ fromCache: true, loading: false }));
    expect(navigations).toEqual([]);
  });

  it('after a delete shows the server total and pages, the next listing moving up', async () => {
    serve(11);
    show();
    // The first load of a run opens the database and the screen's modules: over a second on a busy machine.
    await screen.findByText('11 annonces', {}, { timeout: 5000 });
    expect(screen.getByText('Page 1 sur 2')).toBeTruthy();
    expect(table().queryByRole('cell', { name: 'Groupe 1' })).toBeNull();

    await userEvent.click(table().getByRole('button', { name: 'Supprimer Groupe 11' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));

    await screen.findByText('10 annonces', {}, { timeout: 5000 });
    expect(screen.queryByText(/Page \d sur/)).toBeNull();
    expect(table().queryByRole('cell', { name: 'Groupe 11' })).toBeNull();
    await table().findByRole('cell', { name: 'Groupe 1' });
    expect(table().getAllByRole('row')).toHaveLength(11); // the header and 10 listings
    expect(api.callsTo('GET', '/products').length).toBeGreaterThanOrEqual(2);
  });

  it('offline, a delete takes the listing out of the count at once', async () => {
    serve(3);
    show();
    await screen.findByText('3 annonces');
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    await userEvent.click(table().getByRole('button', { name: 'Supprimer Groupe 2' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await screen.findByText('2 annonces');
    expect(server).toHaveLength(3);
  });

  it("toggles 'Standard' to 'Vedette' online with the listing's version", async () => {
    serve(2);
    show();
    await screen.findByText('2 annonces');
    await userEvent.click(within(row('Groupe 2')).getByRole('button', { name: 'Standard' }));
    await within(row('Groupe 2')).findByRole('button', { name: 'Vedette' });
    const patch = api.callsTo('PATCH', '/products/2');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.body).toEqual({ featured: true, version: 1 });
    expect(api.callsTo('PUT', /^\/products\//)).toHaveLength(0);
    expect(server.find((p) => p.id === 2)).toMatchObject({
      featured: true,
      version: 2,
      titleFr: 'Groupe 2',
      brand: 'Perkins',
      powerUnit: 'kva',
    });
    await toastTitled('Annonce mise en vedette');
  });

  it('toggles a listing whose other fields the form would refuse (stored before a rule changed)', async () => {
    serve(2);
    server[0]!.titleEn = '';
    server[0]!.voltage = null; // a generator without voltage: the form refuses it
    show();
    await screen.findByText('2 annonces');
    await userEvent.click(await findButton('Groupe 1', 'Standard'));
    await findButton('Groupe 1', 'Vedette');
    await toastTitled('Annonce mise en vedette');
    expect(api.callsTo('PATCH', '/products/1').map((c) => c.body)).toEqual([{ featured: true, version: 1 }]);
    expect(server[0]).toMatchObject({ featured: true, version: 2, titleEn: '', voltage: null });
  });

  it('offline, the toggle is shown at once, queued, and sent when the connection returns', async () => {
    serve(2);
    show();
    await screen.findByText('2 annonces');
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    // Offline, the table is read from the device: its row is there to act on.
    await userEvent.click(
      await within(await screen.findByRole('row', { name: /\bGroupe 1\b/ })).findByRole('button', { name: 'Standard' }),
    );
    await within(row('Groupe 1')).findByRole('button', { name: 'Vedette' });
    expect(within(row('Groupe 1')).getByText('Non synchronisée')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'listing.update', state: 'waiting', label: "Mise en vedette de l'annonce « Groupe 1 »" });
    expect(entry!.payload).toEqual({ id: 1, version: 1, changes: { featured: true } });
    expect(api.callsTo('PATCH', '/products/1')).toHaveLength(0);

    setOnline(true);
    await replayOutbox();
    expect(api.callsTo('PATCH', '/products/1').map((c) => c.body)).toEqual([{ featured: true, version: 1 }]);
    expect(server.find((p) => p.id === 1)).toMatchObject({ featured: true, version: 2 });
    await waitFor(() => expect(within(row('Groupe 1')).queryByText('Non synchronisée')).toBeNull());
    expect((await db.outbox.get(entry!.id!))?.state).toBe('sent');
  });

  it("offline, a toggle joins the listing's queued edit: one request, the edit with the new featured value", async () => {
    serve(2);
    show();
    await screen.findByText('2 annonces');
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    const { images: _i, documents: _d, id: _id, version: _v, createdAt: _c, updatedAt: _u, powerKw: _k, ...input } = listing(1);
    await enqueue(LISTING_UPDATE, { id: 1, version: 1, input: { ...input, brand: 'Volvo' } }, 'Modification');
    await userEvent.click(await findButton('Groupe 1', 'Standard'));
    await findButton('Groupe 1', 'Vedette');
    // Another listing toggled twice: one entry, its last value.
    await userEvent.click(await findButton('Groupe 2', 'Standard'));
    await userEvent.click(await findButton('Groupe 2', 'Vedette'));
    await findButton('Groupe 2', 'Standard');
    const content = ({ id, version, input, changes }: UpdatePayload) => ({ id, version, input, changes });
    expect((await db.outbox.toArray()).map((e) => content(e.payload as UpdatePayload))).toEqual([
      { id: 1, version: 1, input: { ...input, brand: 'Volvo', featured: true } },
      { id: 2, version: 1, changes: { featured: false } },
    ]);

    setOnline(true);
    await replayOutbox();
    expect(api.callsTo('PUT', '/products/1').map((c) => c.body)).toEqual([{ ...input, brand: 'Volvo', featured: true, version: 1 }]);
    expect(api.callsTo('PATCH', '/products/2').map((c) => c.body)).toEqual([{ featured: false, version: 1 }]);
    expect(server.find((p) => p.id === 1)).toMatchObject({ brand: 'Volvo', featured: true, version: 2 });
    expect(server.find((p) => p.id === 2)).toMatchObject({ featured: false, version: 2 });
  });

  it('a toggle meeting a newer server version becomes a conflict, the server keeping its value', async () => {
    serve(1);
    show();
    await screen.findByText('1 annonce');
    server[0]!.version = 5; // changed elsewhere since the page was loaded
    await userEvent.click(within(row('Groupe 1')).getByRole('button', { name: 'Standard' }));
    await toastTitled('Conflit de modification');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'listing.update', state: 'conflict' });
    expect((entry!.server as Product).version).toBe(5);
    expect(server[0]!.featured).toBe(false);
    // 'Keep mine' sends the one field again, on top of the server's version.
    await resolveConflict(entry!.id!, 'mine');
    expect(api.callsTo('PATCH', '/products/1').map((c) => c.body)).toEqual([
      { featured: true, version: 1 },
      { featured: true, version: 5 },
    ]);
    expect(server[0]).toMatchObject({ featured: true, version: 6 });
  });
});

describe('listings table in English', () => {
  afterEach(() => setAdminLang('fr'));

  it('shows the English titles in the table, the phone cards, the actions and the delete dialog, and counts with the plural rules', async () => {
    setAdminLang('en');
    serve(1);
    show();
    await screen.findByText('1 listing');
    expect(table().getByRole('cell', { name: 'Generator 1' })).toBeTruthy();
    expect(table().queryByText('Groupe 1')).toBeNull();
    // The phone's cards too: the title, and the names of the card's actions.
    const cards = within(screen.getByRole('list', { name: 'Listings' }));
    expect(cards.getByText('Generator 1')).toBeTruthy();
    expect(cards.queryByText('Groupe 1')).toBeNull();
    expect(cards.getByRole('link', { name: 'View Generator 1' })).toBeTruthy();
    await userEvent.click(table().getByRole('button', { name: 'Delete Generator 1' }));
    expect(within(screen.getByRole('alertdialog')).getByText(/Generator 1/)).toBeTruthy();
  });

  it('counts one listing in French as the plural rules say', async () => {
    serve(1);
    show();
    expect(await screen.findByText('1 annonce')).toBeTruthy();
  });
});

describe('outbox steps in English', () => {
  afterEach(() => setAdminLang('fr'));

  it('names the removal of an image and of a document in the admin language', async () => {
    setAdminLang('en');
    const entryId = await enqueue(
      LISTING_UPDATE,
      { id: 1, version: 1, input: listing(1), removedImageIds: [4], removedDocumentIds: [9] },
      'Changes',
    );
    const entry = await db.outbox.get(entryId);
    expect(entry!.steps.map((s) => s.label)).toEqual(['Updating the listing', 'Removing image 4', 'Removing document 9']);
  });
});

// The newsletter screen: tiles, empty states, e-mail search and status filter, the send button
// disabled without active subscribers, selection, the clickable status badge (queued offline), and
// the send form's validation.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Subscriber } from '@app/domain/newsletter';
import { db } from '../../db/db.ts';
import { toasts } from '../../lib/toast.ts';
import { freshStart, setOnline, type FakeApi } from '../../test-fetch.ts';
import NewsletterPage from './newsletter-page.tsx';
import '../../app/operations.ts';

let api: FakeApi;
let server: Subscriber[];
const sub = (id: number, email: string, isActive: boolean): Subscriber => ({
  id,
  email,
  language: 'fr',
  isActive,
  confirmed: true,
  subscribedAt: `2024-03-0${id}T10:00:00.000Z`,
  confirmedAt: null,
  unsubscribedAt: null,
});

function serve(list: Subscriber[]) {
  server = list;
  api.on('GET', '/newsletter/admin/subscribers', () => ({ subscribers: server, total: server.length }));
  api.on('PATCH', /\/status$/, (c) => {
    const id = Number(c.path.split('/')[4]);
    const s = server.find((x) => x.id === id)!;
    s.isActive = (c.body as { isActive: boolean }).isActive;
    return s;
  });
  api.on('POST', '/newsletter/admin/send', () => ({
    id: 1,
    subject: 's',
    status: 'queued',
    totalCount: 2,
    sentCount: 0,
    failedCount: 0,
    pendingCount: 2,
    progress: 0,
    createdAt: '',
    startedAt: null,
    finishedAt: null,
  }));
}

const show = () =>
  render(
    <MemoryRouter>
      <NewsletterPage />
    </MemoryRouter>,
  );

beforeEach(async () => {
  api = await freshStart();
});

describe('newsletter subscribers', () => {
  it("shows 'Aucun abonné' and a disabled send button when there is nobody", async () => {
    serve([]);
    show();
    await screen.findByText('Aucun abonné');
    expect((screen.getByRole('button', { name: /Envoyer un message/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables sending when every subscriber is inactive', async () => {
    serve([sub(1, 'a@example.com', false)]);
    show();
    await screen.findByText('a@example.com');
    expect((screen.getByRole('button', { name: /Envoyer un message/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts total, active and inactive, and filters by e-mail (case-insensitive) and status', async () => {
    serve([sub(1, 'Alice@Example.com', true), sub(2, 'bob@example.com', false), sub(3, 'carla@test.fr', true)]);
    const user = userEvent.setup();
    show();
    await screen.findByText('bob@example.com');
    const tiles = screen.getByLabelText('Statistiques des abonnés');
    expect(within(tiles).getByText('Total').nextSibling!.textContent).toBe('3');
    expect(within(tiles).getByText('Actifs').nextSibling!.textContent).toBe('2');
    expect(within(tiles).getByText('Inactifs').nextSibling!.textContent).toBe('1');

    await user.type(screen.getByLabelText('Rechercher par email'), 'EXAMPLE');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await user.selectOptions(screen.getByLabelText('Statut'), 'inactive');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('bob@example.com')).toBeTruthy();
    await user.type(screen.getByLabelText('Rechercher par email'), 'zzz');
    expect(screen.getByText('Aucun résultat')).toBeTruthy();
  });

  it('selects every shown subscriber with the select-all checkbox', async () => {
    serve([sub(1, 'a@example.com', true), sub(2, 'b@example.com', true)]);
    const user = userEvent.setup();
    show();
    await screen.findByText('a@example.com');
    await user.click(screen.getByLabelText('Sélectionner tous les abonnés affichés'));
    expect((screen.getByLabelText('Sélectionner a@example.com') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Sélectionner b@example.com') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/2 sélectionnés/)).toBeTruthy();
  });

  it('toggles a status by clicking its badge', async () => {
    serve([sub(1, 'a@example.com', true)]);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Actif' }));
    await screen.findByRole('button', { name: 'Inactif' });
    expect(api.callsTo('PATCH', '/newsletter/admin/subscribers/1/status')[0]!.body).toEqual({ isActive: false });
    expect(toasts.get().some((t) => t.title === 'Statut modifié')).toBe(true);
  });

  it('changes a status offline at once and queues it for the server', async () => {
    serve([sub(1, 'a@example.com', true)]);
    const user = userEvent.setup();
    show();
    const badge = await screen.findByRole('button', { name: 'Actif' });
    setOnline(false);
    await user.click(badge);
    await screen.findByRole('button', { name: 'Inactif' });
    expect(api.callsTo('PATCH', /status$/)).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ kind: 'subscriber.status', state: 'waiting', payload: { id: 1, isActive: false } }]);
  });
});

describe('newsletter send form', () => {
  it("refuses a blank subject or content with 'Erreur de validation'", async () => {
    serve([sub(1, 'a@example.com', true)]);
    const user = userEvent.setup();
    show();
    await screen.findByText('a@example.com');
    await user.click(screen.getByRole('button', { name: /Envoyer un message/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Sujet (français)'), 'Nouveautés');
    await user.type(within(dialog).getByLabelText('Contenu (français)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const toast = toasts.get().find((t) => t.type === 'error');
    expect(toast).toMatchObject({ title: 'Erreur de validation', message: 'Veuillez remplir le sujet et le contenu du message' });
    expect(api.callsTo('POST', '/newsletter/admin/send')).toHaveLength(0);
  });

  it('sends to the selected subscribers only', async () => {
    serve([sub(1, 'a@example.com', true), sub(2, 'b@example.com', true)]);
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByLabelText('Sélectionner b@example.com'));
    await user.click(screen.getByRole('button', { name: /Envoyer un message/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Sujet (français)'), 'Nouveautés');
    await user.type(within(dialog).getByLabelText('Contenu (français)'), 'Texte');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.callsTo('POST', '/newsletter/admin/send')).toHaveLength(1));
    expect(api.callsTo('POST', '/newsletter/admin/send')[0]!.body).toEqual({ subject: 'Nouveautés', content: 'Texte', subscriberIds: [2] });
  });

  it('sends a French and an English version; with one only, warns who gets the other language first', async () => {
    serve([sub(1, 'a@example.com', true)]);
    const user = userEvent.setup();
    show();
    await screen.findByText('a@example.com');
    await user.click(screen.getByRole('button', { name: /Envoyer un message/ }));
    const dialog = screen.getByRole('dialog', { name: 'Envoyer un message aux abonnés' });
    await user.type(within(dialog).getByLabelText('Sujet (anglais)'), 'News');
    await user.type(within(dialog).getByLabelText('Contenu (anglais)'), 'Hello');
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Pas de version française : les abonnés francophones recevront la version anglaise.',
    );
    await user.type(within(dialog).getByLabelText('Sujet (français)'), 'Nouvelles');
    await user.type(within(dialog).getByLabelText('Contenu (français)'), 'Bonjour');
    expect(within(dialog).queryByRole('status')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(api.callsTo('POST', '/newsletter/admin/send')).toHaveLength(1));
    expect(api.callsTo('POST', '/newsletter/admin/send')[0]!.body).toEqual({
      subject: 'Nouvelles',
      content: 'Bonjour',
      subjectEn: 'News',
      contentEn: 'Hello',
    });
  });
});

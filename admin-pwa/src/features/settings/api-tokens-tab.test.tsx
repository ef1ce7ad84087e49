// The 'API' tab: the list without values, creation showing the value once (with its copy button),
// the custom permissions as sent, and revocation behind a confirmation; offline it says it needs a connection.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@app/domain/api-tokens';
import { toasts } from '../../lib/toast.ts';
import { freshStart, setOnline, type FakeApi } from '../../test-fetch.ts';
import { ApiTokensTab } from './api-tokens-tab.tsx';

let api: FakeApi;
const VALUE = `pm_${'a'.repeat(43)}`;
const token = (id: number, name: string, extra: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name,
  description: null,
  access: 'read-only',
  permissions: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  ...extra,
});
let stored: ApiToken[];

beforeEach(async () => {
  api = await freshStart();
  stored = [
    token(1, 'Flux marketplace', { description: 'Annonces pour le site partenaire', expiresAt: '2026-06-01T09:30:00.000Z' }),
    token(2, 'Synchronisation ERP', {
      access: 'custom',
      permissions: { listings: ['read', 'write'], messages: ['read'] },
      lastUsedAt: '2026-03-10T14:05:00.000Z',
    }),
  ];
  api.on('GET', '/admin/api-tokens', () => ({ tokens: stored }));
  api.on('POST', '/admin/api-tokens', (c) => {
    const body = c.body as { name: string; access: ApiToken['access']; permissions?: ApiToken['permissions'] };
    const created = token(3, body.name, { access: body.access, permissions: body.permissions ?? null });
    stored = [...stored, created];
    return Response.json({ ...created, token: VALUE }, { status: 201 });
  });
  api.on('DELETE', /^\/admin\/api-tokens\/\d+$/, (c) => {
    stored = stored.filter((t) => `/admin/api-tokens/${t.id}` !== c.path);
    return { success: true };
  });
});

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('API tokens tab', () => {
  it('lists the tokens with their access, dates and "Jamais" for what never happens, never a value', async () => {
    render(<ApiTokensTab />);
    await screen.findByRole('table', { name: "Jetons d'API" });
    const marketplace = within(row('Flux marketplace'));
    expect(marketplace.getByText('Annonces pour le site partenaire')).toBeTruthy();
    expect(marketplace.getByText('Lecture seule')).toBeTruthy();
    expect(marketplace.getByText('01/06/2026', { exact: false })).toBeTruthy();
    expect(marketplace.getAllByText('Jamais')).toHaveLength(1);
    const erp = within(row('Synchronisation ERP'));
    expect(erp.getByText('Personnalisé')).toBeTruthy();
    expect(erp.getByText('Annonces : Lecture, Écriture')).toBeTruthy();
    expect(erp.getByText('Messages : Lecture')).toBeTruthy();
    expect(erp.getAllByText('Jamais')).toHaveLength(1);
    expect(screen.getByText('2 jetons')).toBeTruthy();
    expect(document.body.textContent).not.toContain('pm_');
  });

  it('creates a read-only token and shows its value once, with a copy button that says it copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<ApiTokensTab />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Créer un jeton' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer un jeton' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le jeton' }));
    expect(within(dialog).getByText('Le nom est requis')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/api-tokens')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Nom/), 'Comptabilité');
    await user.type(within(dialog).getByLabelText('Description'), 'Export mensuel');
    await user.selectOptions(within(dialog).getByLabelText('Expiration'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le jeton' }));

    const shown = await screen.findByRole('dialog', { name: 'Jeton « Comptabilité » créé' });
    expect(api.callsTo('POST', '/admin/api-tokens')[0]!.body).toEqual({
      name: 'Comptabilité',
      description: 'Export mensuel',
      access: 'read-only',
      expiresInDays: 30,
    });
    expect((within(shown).getByLabelText('Valeur du jeton') as HTMLInputElement).value).toBe(VALUE);
    expect(within(shown).getByText('Ce jeton ne sera plus affiché. Copiez-le maintenant.')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copier' }));
    expect(writeText).toHaveBeenCalledWith(VALUE);
    expect(within(shown).getByText('Jeton copié dans le presse-papiers')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copié' })).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: "J'ai copié le jeton" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByRole('row', { name: /Comptabilité/ });
    expect(document.body.textContent).not.toContain(VALUE);
  });

  it('sends the custom permissions ticked, resource by resource, and asks for one at least', async () => {
    const user = userEvent.setup();
    render(<ApiTokensTab />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Créer un jeton' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer un jeton' });
    await user.type(within(dialog).getByLabelText(/^Nom/), 'ERP');
    expect(within(dialog).queryByRole('group', { name: 'Annonces' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Accès'), 'custom');
    await user.selectOptions(within(dialog).getByLabelText('Expiration'), 'never');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le jeton' }));
    expect(within(dialog).getByText('Cochez au moins une permission')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/api-tokens')).toHaveLength(0);

    const group = (name: string) => within(within(dialog).getByRole('group', { name }));
    await user.click(group('Annonces').getByLabelText('Lecture'));
    await user.click(group('Annonces').getByLabelText('Écriture'));
    await user.click(group('Comptes e-mail (SMTP)').getByLabelText('Lecture'));
    await user.click(group('Messages').getByLabelText('Écriture'));
    await user.click(group('Messages').getByLabelText('Écriture'));
    await user.click(within(dialog).getByRole('button', { name: 'Créer le jeton' }));

    await screen.findByRole('dialog', { name: 'Jeton « ERP » créé' });
    expect(api.callsTo('POST', '/admin/api-tokens')[0]!.body).toEqual({
      name: 'ERP',
      description: null,
      access: 'custom',
      permissions: { listings: ['read', 'write'], mailAccounts: ['read'] },
      expiresInDays: null,
    });
  });

  it('shows the server message when the creation is refused, and keeps the form', async () => {
    const user = userEvent.setup();
    api.on('POST', '/admin/api-tokens', () => Response.json({ error: 'Le nom est requis' }, { status: 400 }));
    render(<ApiTokensTab />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Créer un jeton' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer un jeton' });
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Refusé');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le jeton' }));
    await waitFor(() => expect(toasts.get().map((t) => [t.title, t.message])).toContainEqual(['Erreur de création', 'Le nom est requis']));
    expect(screen.getByRole('dialog', { name: 'Créer un jeton' })).toBeTruthy();
  });

  it('revokes a token only once the confirmation is accepted', async () => {
    const user = userEvent.setup();
    render(<ApiTokensTab />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Révoquer le jeton Flux marketplace' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Révoquer le jeton' });
    expect(within(confirm).getByText(/Révoquer le jeton « Flux marketplace » \?/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(api.callsTo('DELETE', /^\/admin\/api-tokens\//)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Révoquer le jeton Flux marketplace' }));
    confirm = screen.getByRole('alertdialog', { name: 'Révoquer le jeton' });
    await user.click(within(confirm).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE', '/admin/api-tokens/1')).toHaveLength(1);
    expect(screen.queryByRole('row', { name: /Flux marketplace/ })).toBeNull();
    expect(toasts.get().some((t) => t.title === 'Jeton révoqué')).toBe(true);
  });

  it('regenerates after a confirmation and shows the new value once', async () => {
    const user = userEvent.setup();
    const NEW = `pm_${'b'.repeat(43)}`;
    api.on('POST', '/admin/api-tokens/2/regenerate', () => ({ ...stored[1]!, token: NEW }));
    render(<ApiTokensTab />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Régénérer le jeton Synchronisation ERP' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Régénérer le jeton' });
    await user.click(within(confirm).getByRole('button', { name: 'Régénérer' }));
    const shown = await screen.findByRole('dialog', { name: 'Nouvelle valeur du jeton « Synchronisation ERP »' });
    expect((within(shown).getByLabelText('Valeur du jeton') as HTMLInputElement).value).toBe(NEW);
    expect(within(shown).getByText('Ce jeton ne sera plus affiché. Copiez-le maintenant.')).toBeTruthy();
  });

  it('says it needs a connection when offline, without asking the API', async () => {
    setOnline(false);
    render(<ApiTokensTab />);
    expect(
      screen.getByText("Les jetons d'API se gèrent en ligne uniquement : cet onglet s'affichera au retour de la connexion."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Créer un jeton' })).toBeNull();
    expect(api.callsTo('GET', '/admin/api-tokens')).toHaveLength(0);
  });
});

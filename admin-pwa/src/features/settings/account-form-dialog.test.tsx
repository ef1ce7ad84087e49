// The SMTP account form: every field message, errors clearing on edit, creation blocked until a
// successful test, edit without test, and an empty password kept out of an edit's payload.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmtpAccount } from '@app/domain/mail';
import { setAdminLang } from '../../lib/i18n.ts';
import { toasts } from '../../lib/toast.ts';
import { backOffice } from '../../../../tests/fixtures/spec-texts.ts';
import { freshStart, type FakeApi } from '../../test-fetch.ts';
import { AccountFormDialog } from './account-form-dialog.tsx';
import { Toaster } from '../../components/toaster.tsx';

let api: FakeApi;
const account: SmtpAccount = {
  id: 7,
  name: 'Principal',
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  user: 'mailer',
  fromName: 'Provence Moteurs',
  fromEmail: 'noreply@example.com',
  isActive: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

const spec = backOffice.smtp;

/** The form with the toast stack, so the test reads a toast as the admin sees it. */
const withToaster = (form: ReactElement) =>
  render(
    <>
      {form}
      <Toaster />
    </>,
  );

beforeEach(async () => {
  setAdminLang('fr');
  api = await freshStart();
  api.on('POST', '/smtp/test-config', () => ({ success: true, message: 'OK' }));
  api.on('POST', '/smtp/accounts', (c) => ({ ...account, ...(c.body as object), id: 8 }));
  api.on('PUT', /^\/smtp\/accounts\/\d+$/, (c) => ({ ...account, ...(c.body as object) }));
});

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Nom du compte/), 'Principal');
  await user.type(screen.getByLabelText(/Hôte SMTP/), 'smtp.example.com');
  await user.type(screen.getByLabelText(/^Utilisateur/), 'mailer');
  await user.type(screen.getByLabelText(/Mot de passe/), 'secret');
  await user.type(screen.getByLabelText(/Nom d'expéditeur/), 'Provence Moteurs');
  await user.type(screen.getByLabelText(/Email d'expéditeur/), 'noreply@example.com');
}

describe('new SMTP account form', () => {
  it('shows the message of every required field on an empty submit', async () => {
    const user = userEvent.setup();
    render(<AccountFormDialog account={null} onClose={() => {}} />);
    await user.clear(screen.getByLabelText(/^Port/));
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    for (const message of [
      spec.nameRequired,
      spec.hostRequired,
      spec.portRange,
      spec.userRequired,
      spec.passwordRequired,
      spec.fromNameRequired,
      spec.fromEmailRequired,
    ].map((m) => m.fr))
      expect(screen.getByText(message)).toBeTruthy();
    expect(api.callsTo('POST', '/smtp/accounts')).toHaveLength(0);
  });

  it('defaults the port to 587 and refuses a port outside 1..65535 and a malformed sender e-mail', async () => {
    const user = userEvent.setup();
    render(<AccountFormDialog account={null} onClose={() => {}} />);
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe('587');
    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/^Port/), '70000');
    await user.type(screen.getByLabelText(/Email d'expéditeur/), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(screen.getByText(spec.portRange.fr)).toBeTruthy();
    expect(screen.getByText(spec.emailInvalid.fr)).toBeTruthy();
  });

  it('clears a field error as soon as the field is edited', async () => {
    const user = userEvent.setup();
    render(<AccountFormDialog account={null} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(screen.getByText('Le nom est requis')).toBeTruthy();
    await user.type(screen.getByLabelText(/Nom du compte/), 'P');
    expect(screen.queryByText('Le nom est requis')).toBeNull();
    expect(screen.getByText("L'hôte SMTP est requis")).toBeTruthy();
  });

  it('blocks creation until a connection test succeeds, then creates the account', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<AccountFormDialog account={null} onClose={onClose} />);
    await fillValid(user);
    expect(screen.getByText('Non testé')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(screen.getByText(spec.testFirst.fr)).toBeTruthy();
    expect(api.callsTo('POST', '/smtp/accounts')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    await screen.findByText('Testé');
    expect(api.callsTo('POST', '/smtp/test-config')[0]!.body).toMatchObject({
      host: 'smtp.example.com',
      port: 587,
      user: 'mailer',
      password: 'secret',
    });
    const success = toasts.get().find((t) => t.title === spec.testOk.fr);
    expect(success).toMatchObject({ message: spec.testOkMessage.fr, duration: 6000 });

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST', '/smtp/accounts')[0]!.body).toMatchObject({
      name: 'Principal',
      port: 587,
      secure: false,
      password: 'secret',
      isActive: true,
    });
    expect(toasts.get().some((t) => t.title === 'Compte SMTP créé avec succès')).toBe(true);
  });

  it("says 'Erreur lors de la création du compte' and 'Erreur lors de la sauvegarde du compte' when a creation fails without a server message", async () => {
    api.on('POST', '/smtp/accounts', () => new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    withToaster(<AccountFormDialog account={null} onClose={onClose} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    await screen.findByText('Testé');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    const shown = await screen.findByRole('alert');
    expect(within(shown).getByText(spec.createFailed.fr)).toBeTruthy();
    expect(within(shown).getByText(spec.saveFailed.fr)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a new test when a connection field changes after a successful one', async () => {
    const user = userEvent.setup();
    render(<AccountFormDialog account={null} onClose={() => {}} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    await screen.findByText('Testé');
    await user.type(screen.getByLabelText(/Hôte SMTP/), 'x');
    expect(screen.getByText('Non testé')).toBeTruthy();
  });

  it('shows the server reason when the test fails and stays untested', async () => {
    api.on('POST', '/smtp/test-config', () => ({ success: false, message: 'Authentification refusée' }));
    const user = userEvent.setup();
    render(<AccountFormDialog account={null} onClose={() => {}} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    await waitFor(() => expect(toasts.get().some((t) => t.title === 'Échec de la connexion: Authentification refusée')).toBe(true));
    expect(screen.getByText('Non testé')).toBeTruthy();
  });
});

describe('editing an SMTP account', () => {
  it('saves without a test and leaves an empty password out of the payload', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<AccountFormDialog account={account} onClose={onClose} />);
    expect(screen.queryByText('Non testé')).toBeNull();
    await user.clear(screen.getByLabelText(/Nom du compte/));
    await user.type(screen.getByLabelText(/Nom du compte/), 'Renommé');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.callsTo('PUT', '/smtp/accounts/7')[0]!.body as Record<string, unknown>;
    expect(body.name).toBe('Renommé');
    expect('password' in body).toBe(false);
    expect(toasts.get().some((t) => t.title === 'Compte SMTP mis à jour avec succès')).toBe(true);
  });

  it('sends a new password when one is typed', async () => {
    const user = userEvent.setup();
    render(<AccountFormDialog account={account} onClose={() => {}} />);
    await user.type(screen.getByLabelText(/Mot de passe/), 'nouveau');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await waitFor(() => expect(api.callsTo('PUT', '/smtp/accounts/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/smtp/accounts/7')[0]!.body).toMatchObject({ password: 'nouveau' });
  });

  it('keeps the modal open with the server message when the update fails', async () => {
    api.on('PUT', /^\/smtp\/accounts\/\d+$/, () => Response.json({ error: 'Compte SMTP introuvable' }, { status: 404 }));
    const user = userEvent.setup();
    const onClose = vi.fn();
    withToaster(<AccountFormDialog account={account} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    const shown = await screen.findByRole('alert');
    expect(within(shown).getByText(spec.updateFailed.fr)).toBeTruthy();
    expect(within(shown).getByText('Compte SMTP introuvable')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'Erreur lors de la sauvegarde du compte' when an update fails without a server message", async () => {
    api.on('PUT', /^\/smtp\/accounts\/\d+$/, () => Response.json({}, { status: 500 }));
    const user = userEvent.setup();
    withToaster(<AccountFormDialog account={account} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    const shown = await screen.findByRole('alert');
    expect(within(shown).getByText(spec.updateFailed.fr)).toBeTruthy();
    expect(within(shown).getByText(spec.saveFailed.fr)).toBeTruthy();
  });
});

describe('SMTP account form in English', () => {
  it('labels the form and gives every field message in English, the schema notwithstanding', async () => {
    setAdminLang('en');
    const user = userEvent.setup();
    render(<AccountFormDialog account={null} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'New SMTP account' })).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/Sender e-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'The name is required',
      'The SMTP host is required',
      'The port must be between 1 and 65535',
      'The user is required',
      'A password is required for a new account',
      'The sender name is required',
      'Invalid e-mail format',
    ])
      expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByText(spec.nameRequired.fr)).toBeNull();
    expect(api.callsTo('POST', '/smtp/accounts')).toHaveLength(0);
    setAdminLang('fr');
  });
});

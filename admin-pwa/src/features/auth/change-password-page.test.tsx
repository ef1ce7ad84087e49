// Forced password change: the spec's messages in its order, live hints with 'Mot de passe fort',
// and no access without a signed-in admin.
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setAdminLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session.ts';
import ChangePasswordPage from './change-password-page.tsx';

const admin = { id: 1, name: 'Marie', email: 'admin@example.test', role: 'admin', mustChangePassword: true };

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/change-password', element: <ChangePasswordPage /> },
      { path: '/login', element: <p>Page de connexion</p> },
    ],
    { initialEntries: ['/change-password'] },
  );
  render(<RouterProvider router={router} />);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
const alertText = () => screen.getByRole('alert').textContent;

afterEach(() => session.set({ status: 'checking' }));

describe('forced password change', () => {
  it('checks the rules in the spec order, one message at a time', () => {
    session.set({ status: 'signed-in', user: admin, expiresAt: null, offline: false });
    renderPage();
    submit();
    expect(alertText()).toBe('Le mot de passe actuel est requis');
    type('Mot de passe actuel', 'Initial-Passw0rd!');
    type('Nouveau mot de passe', 'abc');
    type('Confirmer le nouveau mot de passe', 'abd');
    submit();
    expect(alertText()).toBe('Les mots de passe ne correspondent pas');
    type('Confirmer le nouveau mot de passe', 'abc');
    submit();
    expect(alertText()).toBe(
      'Le mot de passe doit contenir: Au moins 8 caractères, Au moins une majuscule, Au moins un chiffre, Au moins un caractère spécial',
    );
    type('Nouveau mot de passe', 'Initial-Passw0rd!');
    type('Confirmer le nouveau mot de passe', 'Initial-Passw0rd!');
    submit();
    expect(alertText()).toBe("Le nouveau mot de passe doit être différent de l'ancien");
  });

  it("shows live hints and 'Mot de passe fort' once every rule is met", () => {
    session.set({ status: 'signed-in', user: admin, expiresAt: null, offline: false });
    renderPage();
    const hints = () => screen.getByRole('list');
    type('Nouveau mot de passe', 'abcdefgh');
    expect(hints().querySelectorAll('.hint-ok')).toHaveLength(2); // length, lowercase
    expect(screen.queryByText('Mot de passe fort')).toBeNull();
    type('Nouveau mot de passe', 'Abcdefg1!');
    expect(hints().querySelectorAll('.hint-missing')).toHaveLength(0);
    expect(screen.getByText('Mot de passe fort')).toBeTruthy();
  });

  it('sends a visitor who is not signed in to the sign-in page', async () => {
    session.set({ status: 'signed-out' });
    renderPage();
    expect(await screen.findByText('Page de connexion')).toBeTruthy();
  });
});

describe('forced password change in English', () => {
  afterEach(() => setAdminLang('fr'));

  it('gives the policy messages and hints in English, the missing rules listed', () => {
    setAdminLang('en');
    session.set({ status: 'signed-in', user: admin, expiresAt: null, offline: false });
    renderPage();
    const change = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    change();
    expect(alertText()).toBe('The current password is required');
    type('Current password', 'Initial-Passw0rd!');
    type('New password', 'abcdefgh');
    type('Confirm the new password', 'abcdefgh');
    change();
    expect(alertText()).toBe('The password must contain: At least one capital letter, At least one digit, At least one special character');
    type('New password', 'Initial-Passw0rd!');
    type('Confirm the new password', 'Initial-Passw0rd!');
    change();
    expect(alertText()).toBe('The new password must differ from the old one');
    expect(screen.getByText('Strong password')).toBeTruthy();
  });
});

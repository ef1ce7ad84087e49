// The route guard: 'Vérification des permissions...' while checking, sign-in page when signed out,
// the public home page for a non-admin, the forced password change first, the screen otherwise.
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@app/domain/auth';
import { session } from '../lib/session.ts';
import { RequireAdmin } from './guard.tsx';

const admin: AuthUser = { id: 1, name: 'Marie Admin', email: 'admin@example.test', role: 'admin', mustChangePassword: false };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Page de connexion</p> },
      { path: '/change-password', element: <p>Changement du mot de passe</p> },
      {
        path: '/',
        element: (
          <RequireAdmin>
            <p>Écran protégé</p>
          </RequireAdmin>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => session.set({ status: 'checking' }));

describe('route guard', () => {
  it('shows "Vérification des permissions..." while the session is being checked, then the screen', async () => {
    session.set({ status: 'checking' });
    renderAt('/');
    expect(screen.getByRole('status').textContent).toContain('Vérification des permissions...');
    expect(screen.queryByText('Écran protégé')).toBeNull();
    act(() => session.set({ status: 'signed-in', user: admin, expiresAt: null, offline: false }));
    expect(await screen.findByText('Écran protégé')).toBeTruthy();
  });

  it('sends an unauthenticated visitor to the sign-in page', async () => {
    session.set({ status: 'signed-out' });
    const router = renderAt('/');
    expect(await screen.findByText('Page de connexion')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an authenticated non-admin to the public home page', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    session.set({ status: 'signed-in', user: { ...admin, role: 'editor' }, expiresAt: null, offline: false });
    renderAt('/');
    expect(assign).toHaveBeenCalledWith('/');
    expect(screen.queryByText('Écran protégé')).toBeNull();
    vi.restoreAllMocks();
  });

  it('sends an admin who must change the password to the forced change first', async () => {
    session.set({ status: 'signed-in', user: { ...admin, mustChangePassword: true }, expiresAt: null, offline: false });
    renderAt('/');
    expect(await screen.findByText('Changement du mot de passe')).toBeTruthy();
  });

  it('lets an admin through', () => {
    session.set({ status: 'signed-in', user: admin, expiresAt: null, offline: false });
    renderAt('/');
    expect(screen.getByText('Écran protégé')).toBeTruthy();
  });
});

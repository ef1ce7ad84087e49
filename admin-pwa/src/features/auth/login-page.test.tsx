// The sign-in page's errors (public-site section 8): the server's message when it gives one;
// otherwise 'Erreur de connexion', with what is known beside it (decision 111).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { freshStart, type FakeApi } from '../../test-fetch.ts';
import { session as spec } from '../../../../tests/fixtures/spec-texts.ts';
import LoginPage from './login-page.tsx';

let api: FakeApi;

beforeEach(async () => {
  api = await freshStart();
  session.set({ status: 'signed-out' });
});
afterEach(() => session.set({ status: 'checking' }));

async function signInWith(answer: () => Response | Promise<Response>) {
  api.on('POST', '/auth/login', answer);
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'admin@example.test');
  await user.type(screen.getByLabelText('Mot de passe', { selector: 'input' }), 'Mauvais-1!');
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  const alert = await screen.findByRole('alert');
  return [...alert.querySelectorAll('p')].map((p) => p.textContent);
}

describe('sign-in errors', () => {
  it("shows the server's message when the answer has one", async () => {
    expect(await signInWith(() => Response.json({ error: 'Identifiants invalides' }, { status: 401 }))).toEqual(['Identifiants invalides']);
  });

  it("shows 'Erreur de connexion' for an answer without a message, with its status beside it", async () => {
    expect(await signInWith(() => Response.json({}, { status: 502 }))).toEqual([spec.signInFailed.fr, 'Erreur 502']);
  });

  it("shows 'Erreur de connexion' when no answer comes, saying the server cannot be reached", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await signInWith(() => Response.json({}))).toEqual([spec.signInFailed.fr, 'Serveur injoignable. Vérifiez votre connexion.']);
  });
});

// Restoring the session on start: a failed profile fetch is shown with the spec's text and signs
// the admin out only when the server says 401.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStart, type FakeApi } from '../test-fetch.ts';
import { putMeta } from '../db/sync.ts';
import { toasts } from './toast.ts';
import { restoreSession, session } from './session.ts';

const admin = { id: 1, name: 'Admin', email: 'admin@example.test', role: 'admin', mustChangePassword: false };

describe('restoreSession', () => {
  let api: FakeApi;
  beforeEach(async () => {
    api = await freshStart();
    session.set({ status: 'checking' });
    api.on('POST', '/auth/refresh', () => ({ accessToken: 'a', accessTokenExpiresAt: '', expiresAt: '', absoluteExpiresAt: '', user: admin }));
    api.on('GET', '/auth/session', () => ({ expiresAt: new Date(Date.now() + 3600_000).toISOString(), absoluteExpiresAt: new Date(Date.now() + 7200_000).toISOString() }));
  });

  it('shows "Erreur lors de la récupération du profil" when the profile fetch fails, and keeps the admin signed in with the last profile', async () => {
    await putMeta('profile', admin);
    api.on('GET', '/auth/profile', () => Response.json({ error: 'Erreur interne du serveur' }, { status: 500 }));
    await restoreSession();
    expect(toasts.get().map((t) => t.title)).toContain('Erreur lors de la récupération du profil');
    expect(session.get()).toMatchObject({ status: 'signed-in', user: { email: 'admin@example.test' } });
  });

  it('says why on the sign-in page when there is no profile to fall back on', async () => {
    api.on('GET', '/auth/profile', () => Response.json({ error: 'Erreur interne du serveur' }, { status: 500 }));
    await restoreSession();
    expect(session.get()).toEqual({ status: 'signed-out', reason: 'Erreur lors de la récupération du profil' });
  });

  it('signs out with "Session expirée" on a 401', async () => {
    await putMeta('profile', admin);
    api.on('GET', '/auth/profile', () => Response.json({ error: 'Non authentifié' }, { status: 401 }));
    await restoreSession();
    await new Promise((r) => setTimeout(r, 50)); // the expiry clears local data asynchronously
    expect(session.get()).toEqual({ status: 'signed-out', reason: 'Session expirée' });
    expect(toasts.get().map((t) => t.title)).not.toContain('Erreur lors de la récupération du profil');
  });

  it('keeps a sign-in that completes while the start-up check is still waiting', async () => {
    let answer: (r: Response) => void = () => {};
    api.on('POST', '/auth/refresh', () => new Promise<Response>((resolve) => (answer = resolve)));
    const restoring = restoreSession();
    // The admin signs in meanwhile; then the check hears that there was no session cookie.
    session.set({ status: 'signed-in', user: admin, expiresAt: null, offline: false });
    answer(Response.json({ error: 'Impossible de renouveler la session' }, { status: 401 }));
    await restoring;
    expect(session.get()).toMatchObject({ status: 'signed-in', user: { email: 'admin@example.test' } });
  });
});

// Restoring the session on start: a failed profile fetch is shown with the spec's text and clears
// the session (public-site section 4); with no answer at all the installed app opens offline.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStart, type FakeApi } from '../test-fetch.ts';
import { getMeta, putMeta } from '../db/sync.ts';
import { db } from '../db/db.ts';
import { session as spec } from '../../../tests/fixtures/spec-texts.ts';
import { toasts } from './toast.ts';
import { restoreSession, session } from './session.ts';

const admin = { id: 1, name: 'Admin', email: 'admin@example.test', role: 'admin', mustChangePassword: false };

describe('restoreSession', () => {
  let api: FakeApi;
  beforeEach(async () => {
    api = await freshStart();
    session.set({ status: 'checking' });
    api.on('POST', '/auth/refresh', () => ({
      accessToken: 'a',
      accessTokenExpiresAt: '',
      expiresAt: '',
      absoluteExpiresAt: '',
      user: admin,
    }));
    api.on('GET', '/auth/session', () => ({
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      absoluteExpiresAt: new Date(Date.now() + 7200_000).toISOString(),
    }));
  });

  it('shows "Erreur lors de la récupération du profil" when the profile fetch fails, and clears the session: signed out, the stored profile and the refresh cookie gone', async () => {
    await putMeta('profile', admin);
    api.on('GET', '/auth/profile', () => Response.json({ error: 'Erreur interne du serveur' }, { status: 500 }));
    api.on('POST', '/auth/logout', () => ({ success: true }));
    await restoreSession();
    expect(toasts.get().map((t) => t.title)).toContain(spec.profileFailed.fr);
    expect(session.get()).toEqual({ status: 'signed-out', reason: spec.profileFailed.fr });
    expect(await getMeta('profile')).toBeUndefined();
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
  });

  it('keeps the changes waiting in the outbox when the profile fetch clears the session', async () => {
    await db.outbox.add({
      kind: 'listing.delete',
      payload: { id: 3 },
      files: [],
      label: 'x',
      state: 'waiting',
      key: 'k',
      done: {},
      createdAt: 1,
      updatedAt: 1,
    } as never);
    api.on('GET', '/auth/profile', () => Response.json({}, { status: 503 }));
    await restoreSession();
    expect(session.get()).toMatchObject({ status: 'signed-out' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('opens offline with the last profile when no answer comes', async () => {
    await putMeta('profile', admin);
    api.on('GET', '/auth/profile', () => Promise.reject(new TypeError('Failed to fetch')));
    await restoreSession();
    expect(session.get()).toMatchObject({ status: 'signed-in', offline: true, user: { email: 'admin@example.test' } });
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
    // The expiry clears local data asynchronously, then signs out.
    await vi.waitFor(() => expect(session.get()).toEqual({ status: 'signed-out', reason: 'Session expirée' }));
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

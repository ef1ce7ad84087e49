// The admin's session: sign-in, restore on start (refresh cookie), extend, logout and expiry.
// Only the user's profile is kept on the device (IndexedDB), so the installed app opens offline.
import type { AuthUser, LoginResponse } from '@app/domain/auth';
import { ApiError, errorText, login as apiLogin, isNetworkError, onSessionExpired, refreshSession, tokens } from './api.ts';
import { body, client } from './client.ts';
import { texts } from './i18n.ts';
import { createStore, useStore } from './store.ts';
import { dismissToast, toast } from './toast.ts';
import { clearLocalData, deleteMeta, getMeta, putMeta } from '../db/sync.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out'; reason?: string }
  | { status: 'signed-in'; user: AuthUser; expiresAt: number | null; offline: boolean };

export const session = createStore<SessionState>({ status: 'checking' });
export const useSession = () => useStore(session);

const PROFILE_KEY = 'profile';

function signedIn(user: AuthUser, expiresAt: string | null, offline = false) {
  session.set({ status: 'signed-in', user, expiresAt: expiresAt ? Date.parse(expiresAt) : null, offline });
}

export async function signIn(email: string, password: string): Promise<AuthUser> {
  const answer: LoginResponse = await apiLogin(email, password);
  await putMeta(PROFILE_KEY, answer.user);
  signedIn(answer.user, answer.expiresAt);
  return answer.user;
}

/** On start: a refresh with the HttpOnly cookie; offline, the last profile stands in until the network returns. */
export async function restoreSession(): Promise<void> {
  // A sign-in that completes while this check is still waiting decides the session: the check's
  // late answer (no cookie yet, so 'signed out') must not undo it.
  const settle = (apply: () => void) => {
    if (session.get().status === 'checking') apply();
  };
  try {
    if (!(await refreshSession())) {
      settle(() => session.set({ status: 'signed-out' }));
      return;
    }
    const user = await body(client.auth.profile.$get());
    await putMeta(PROFILE_KEY, user);
    const info = await body(client.auth.session.$get()).catch(() => null);
    settle(() => signedIn(user, info?.expiresAt ?? null));
  } catch (e) {
    const cached = await getMeta<AuthUser>(PROFILE_KEY).catch(() => undefined);
    // No answer: the installed app opens with the last profile until the network returns (decision 050).
    if (isNetworkError(e)) return settle(() => (cached ? signedIn(cached, null, true) : session.set({ status: 'signed-out' })));
    // A 401 has already ended the session (api.ts).
    if (e instanceof ApiError && e.status === 401) return;
    // Any other failure clears the session (public-site section 4: "failure clears the session"):
    // the tokens, the refresh cookie and the stored profile, not the changes waiting in the outbox.
    if (session.get().status !== 'checking') return;
    const reason = texts().session.profileFailed;
    toast.error(reason, errorText(e, reason));
    await client.auth.logout.$post().catch(() => undefined);
    tokens.set(null);
    await deleteMeta(PROFILE_KEY).catch(() => undefined);
    settle(() => session.set({ status: 'signed-out', reason }));
  }
}

/** Back online after an offline start: get a real token, or end the session. */
export async function reconnectSession(): Promise<void> {
  const s = session.get();
  if (s.status !== 'signed-in' || !s.offline) return;
  try {
    if (!(await refreshSession())) return expireSession();
    const info = await body(client.auth.session.$get()).catch(() => null);
    signedIn(s.user, info?.expiresAt ?? null);
  } catch {
    /* still unreachable */
  }
}

export function updateUser(patch: Partial<AuthUser>) {
  const s = session.get();
  if (s.status !== 'signed-in') return;
  const user = { ...s.user, ...patch };
  session.set({ ...s, user });
  void putMeta(PROFILE_KEY, user);
}

export async function checkSession(): Promise<number | null> {
  const info = await body(client.auth.session.$get());
  const s = session.get();
  if (s.status === 'signed-in') session.set({ ...s, expiresAt: Date.parse(info.expiresAt) });
  return Date.parse(info.expiresAt);
}

export async function extendSession(): Promise<void> {
  const info = await body(client.auth.extend.$post());
  const s = session.get();
  if (s.status === 'signed-in') session.set({ ...s, expiresAt: Date.parse(info.expiresAt) });
}

async function endSession(reason?: string) {
  tokens.set(null);
  await clearLocalData();
  session.set({ status: 'signed-out', reason });
}

export async function logout(): Promise<void> {
  try {
    await client.auth.logout.$post();
  } catch {
    /* the local session ends anyway */
  }
  await endSession();
}

let expiring = false;
/** A 401 that a refresh could not cure: 'Session expirée' and the toast, then the sign-in page. */
export async function expireSession(): Promise<void> {
  if (expiring || session.get().status === 'signed-out') return;
  expiring = true;
  try {
    dismissToast('session-warning');
    const t = texts().session;
    toast.error(t.expired, t.expiredToast);
    await endSession(t.expired);
  } finally {
    expiring = false;
  }
}

onSessionExpired(() => void expireSession());

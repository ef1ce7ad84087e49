// Signs in as the test server's first administrator, doing the forced password change on the first
// call, so tests of admin routes start from an allowed session.
import { engineOf, openDatabase, tablesOf, type Db } from '@app/db';

export { sqlText } from '@app/db';

/**
 * Values for SQL text written by a test, as the server's engine stores them: SQLite keeps timestamps as
 * milliseconds and booleans as 0/1; PostgreSQL has timestamptz and boolean (builders map these themselves).
 */
const onPostgres = () => engineOf(process.env) === 'postgres';

export const stored = {
  time: (ms: number): number | string => (onPostgres() ? new Date(ms).toISOString() : ms),
  bool: (value: boolean): number | boolean => (onPostgres() ? value : value ? 1 : 0),
  /** SQL text: the timestamp column moved `ms` milliseconds into the past. */
  earlier: (column: string, ms: number): string =>
    onPostgres() ? `${column} - interval '${Math.trunc(ms)} milliseconds'` : `${column} - ${Math.trunc(ms)}`,
};
import { hashPassword } from '@app/api/services/passwords';
import type { TestServer } from './server.ts';

export const INITIAL_ADMIN = { email: 'admin@example.test', password: 'Initial-Passw0rd!' } as const;
/** The password signInAsAdmin sets at the forced change. */
export const CHANGED_ADMIN_PASSWORD = 'Changed-Passw0rd!2024';

export type AdminSession = { accessToken: string; refreshToken: string; headers: Record<string, string> };

// What each server's admin password is now, and a queue so parallel calls do not race the change.
const known = new WeakMap<TestServer, { password: string; queue: Promise<unknown> }>();

async function login(server: TestServer, email: string, password: string) {
  const res = await server.api('/auth/login', { method: 'POST', json: { email, password } });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function signIn(server: TestServer, state: { password: string }): Promise<AdminSession> {
  let { status, body } = await login(server, INITIAL_ADMIN.email, state.password);
  if (status === 401 && state.password === INITIAL_ADMIN.password) {
    // Another helper (or an earlier run on a reused data folder) already changed it.
    ({ status, body } = await login(server, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD));
    if (status === 200) state.password = CHANGED_ADMIN_PASSWORD;
  }
  if (status !== 200) throw new Error(`signInAsAdmin: sign-in answered ${status} ${JSON.stringify(body)}`);

  if (body.user?.mustChangePassword) {
    const res = await server.api('/auth/change-password', {
      method: 'POST',
      token: body.accessToken,
      json: { currentPassword: state.password, newPassword: CHANGED_ADMIN_PASSWORD },
    });
    const changed = (await res.json()) as Record<string, any>;
    if (res.status !== 200) throw new Error(`signInAsAdmin: password change answered ${res.status} ${JSON.stringify(changed)}`);
    state.password = CHANGED_ADMIN_PASSWORD;
    body = changed;
  }
  const { accessToken, refreshToken } = body as { accessToken: string; refreshToken: string };
  return { accessToken, refreshToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** A fresh admin session on server (its own tokens at every call). */
export function signInAsAdmin(server: TestServer): Promise<AdminSession> {
  let state = known.get(server);
  if (!state) known.set(server, (state = { password: INITIAL_ADMIN.password, queue: Promise.resolve() }));
  const run = state.queue.then(() => signIn(server, state));
  state.queue = run.catch(() => undefined);
  return run;
}

/** Runs fn on its own connection to the server's database, SQLite file or PostgreSQL (the server keeps running). */
export async function withDb<T>(server: Pick<TestServer, 'databasePath' | 'databaseUrl'>, fn: (db: Db) => T | Promise<T>): Promise<T> {
  const db = await openDatabase({ url: server.databaseUrl, path: server.databasePath, poolSize: 2 });
  try {
    return await fn(db);
  } finally {
    await db.$close();
  }
}

/** Adds a user straight into the database (there is no user-management endpoint). */
export async function createUser(
  server: TestServer,
  {
    email,
    password,
    role = 'editor',
    mustChangePassword = false,
    name = 'Utilisateur de test',
  }: { email: string; password: string; role?: string; mustChangePassword?: boolean; name?: string },
): Promise<number> {
  const passwordHash = await hashPassword(password);
  return withDb(
    server,
    async (db) => (await db.insert(tablesOf(db).users).values({ email, name, role, passwordHash, mustChangePassword }).returning())[0]!.id,
  );
}

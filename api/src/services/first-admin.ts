// Creates the first administrator when there is none: from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
// generated password printed once. Either way it must change its password at first sign-in.
import { count } from 'drizzle-orm';
import { dialectOf, exec, tablesOf, type Queryable } from '@app/db';
import type { Deps } from '../context.ts';
import { generatePassword, hashPassword } from './passwords.ts';

const noUsers = async (q: Queryable) => ((await q.select({ n: count() }).from(tablesOf(q).users))[0]?.n ?? 0) === 0;

/**
 * Instances starting at once on one database create one administrator: the check and the insert take
 * turns (dialect.serialize), and the one that comes second finds a user and creates none.
 */
export async function ensureFirstAdmin({ db, env }: Deps): Promise<{ email: string; password: string; generated: boolean } | null> {
  if (!(await noUsers(db))) return null;
  const email = (env.ADMIN_EMAIL ?? 'admin@provence-moteurs.fr').toLowerCase();
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  // Hashed before the transaction: it takes a tenth of a second, and a transaction owns the SQLite connection.
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const lock = dialectOf(db.$engine).serialize('first-admin');
    if (lock) await exec(tx, lock);
    if (!(await noUsers(tx))) return false;
    await tx.insert(tablesOf(tx).users).values({ email, name: 'Administrateur', role: 'admin', passwordHash, mustChangePassword: true });
    return true;
  });
  return created ? { email, password, generated: !env.ADMIN_PASSWORD } : null;
}

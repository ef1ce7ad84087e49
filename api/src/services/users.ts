// The back office's accounts: found by address or id, and their password changed.
import { eq } from 'drizzle-orm';
import { tablesOf, type Db, first } from '@app/db';
import { hashPassword } from './passwords.ts';
import type { Deps } from '../context.ts';
import type { IssuedTokens } from './sessions.ts';

export const findUserByEmail = (db: Db, email: string) => {
  const u = tablesOf(db).users;
  return first(db.select().from(u).where(eq(u.email, email)));
};

export const findUserById = (db: Db, id: number) => {
  const u = tablesOf(db).users;
  return first(db.select().from(u).where(eq(u.id, id)));
};

/** Stores a password's hash; `mustChangePassword` asks for a new one at the next sign-in. */
export async function storePassword(db: Db, userId: number, passwordHash: string, mustChangePassword: boolean) {
  const u = tablesOf(db).users;
  await db
    .update(u)
    .set({ passwordHash, mustChangePassword, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(u.id, userId));
}

/** A user's own change: every earlier token dies, the caller's session's too; it continues with the pair returned. */
export async function changePassword(
  { db, sessions }: Pick<Deps, 'db' | 'sessions'>,
  userId: number,
  newPassword: string,
): Promise<IssuedTokens> {
  await storePassword(db, userId, await hashPassword(newPassword), false);
  await sessions.revokeAllForUser(userId, 'password changed');
  return sessions.create(userId);
}

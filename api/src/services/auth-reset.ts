// The operator's way back in: a new one-time password for an account, which must be changed at the
// next sign-in; every session of the account ends (whoever held them).
import { eq } from 'drizzle-orm';
import { schema, type Db, first } from '@app/db';
import { generatePassword, hashPassword } from './passwords.ts';
import { sessionsFor } from './sessions.ts';

export async function resetPassword(db: Db, email: string): Promise<{ email: string; password: string } | null> {
  const user = await first(db.select().from(schema.users).where(eq(schema.users.email, email.trim().toLowerCase())));
  if (!user) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db
    .update(schema.users)
    .set({ passwordHash, mustChangePassword: true, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(schema.users.id, user.id));
  await sessionsFor(db).revokeAllForUser(user.id, 'password reset by operator');
  return { email: user.email, password };
}

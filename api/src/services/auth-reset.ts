// The operator's way back in: a new one-time password for an account, which must be changed at the
// next sign-in; every session of the account ends (whoever held them).
import type { Deps } from '../context.ts';
import { generatePassword, hashPassword } from './passwords.ts';
import { findUserByEmail, storePassword } from './users.ts';

export async function resetPassword(
  { db, sessions }: Pick<Deps, 'db' | 'sessions'>,
  email: string,
): Promise<{ email: string; password: string } | null> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return null;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await storePassword(db, user.id, passwordHash, true);
  await sessions.revokeAllForUser(user.id, 'password reset by operator');
  return { email: user.email, password };
}

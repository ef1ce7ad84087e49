// Creates the first administrator when there is none: from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
// generated password printed once. Either way it must change its password at first sign-in.
import { count } from 'drizzle-orm';
import { schema } from '@app/db';
import type { Deps } from '../context.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export async function ensureFirstAdmin({ db, env }: Deps): Promise<{ email: string; password: string; generated: boolean } | null> {
  const [row] = await db.select({ n: count() }).from(schema.users);
  if ((row?.n ?? 0) > 0) return null;
  const email = (env.ADMIN_EMAIL ?? 'admin@provence-moteurs.fr').toLowerCase();
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  await db
    .insert(schema.users)
    .values({ email, name: 'Administrateur', role: 'admin', passwordHash: await hashPassword(password), mustChangePassword: true });
  return { email, password, generated: !env.ADMIN_PASSWORD };
}

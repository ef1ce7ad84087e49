// Applies the committed migrations safely.
// drizzle-kit rebuilds SQLite tables (create new, copy, drop old) for many column changes; with
// foreign_keys ON, dropping the old parent table fires ON DELETE CASCADE and empties the child
// tables. So foreign keys are switched off around migrate() and checked afterwards.
// https://github.com/drizzle-team/drizzle-orm/issues/1813
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Db } from './database.ts';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Async so both engines share the signature (PostgreSQL's migrator is async and takes a lock). */
export async function runMigrations(db: Db): Promise<void> {
  const sqlite = db.$sqlite;
  if (!sqlite) throw new Error('Migrations on PostgreSQL are not implemented yet');
  // better-sqlite3's migrator is synchronous: no other statement of this process runs in between.
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(drizzle({ client: sqlite }), { migrationsFolder });
    const violations = sqlite.pragma('foreign_key_check') as unknown[];
    if (violations.length > 0) {
      throw new Error(`Migration left ${violations.length} foreign key violation(s): ${JSON.stringify(violations.slice(0, 5))}`);
    }
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
}

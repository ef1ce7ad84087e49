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

/**
 * drizzle's SQLite migrator reads what is applied before its transaction begins: two processes starting at
 * once on a new file can both try to apply the same migration, and the second one's transaction fails
 * ("table already exists") and rolls back. Asked again, it finds the other's work committed and has nothing
 * left to do; a migration that is really broken fails every time and is reported.
 */
function migrateOnce(sqlite: NonNullable<Db['$sqlite']>, attempts = 3): void {
  for (let attempt = 1; ; attempt++) {
    try {
      migrate(drizzle({ client: sqlite }), { migrationsFolder });
      return;
    } catch (err) {
      if (attempt >= attempts) throw err;
    }
  }
}

/** Async so both engines share the signature (PostgreSQL's migrator is async and takes a lock). */
export async function runMigrations(db: Db): Promise<void> {
  if (db.$engine === 'postgres') return (await import('./pg/migrate.ts')).runPostgresMigrations(db);
  const sqlite = db.$sqlite!;
  // better-sqlite3's migrator is synchronous: no other statement of this process runs in between.
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrateOnce(sqlite);
    const violations = sqlite.pragma('foreign_key_check') as unknown[];
    if (violations.length > 0) {
      throw new Error(`Migration left ${violations.length} foreign key violation(s): ${JSON.stringify(violations.slice(0, 5))}`);
    }
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
}

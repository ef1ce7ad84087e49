// Applies migrations-pg/ under a session advisory lock, so instances starting at once migrate one
// after the other: the first applies, the others wait and then find nothing left to do.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from '../database.ts';
import { poolOf } from './connection.ts';

export const pgMigrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations-pg');

/** Any fixed 64-bit key; every instance of this product uses the same one. */
const MIGRATION_LOCK = 0x70726f76656e63n; // "provenc"

export async function runPostgresMigrations(db: Db): Promise<void> {
  // A session lock lives on one connection: take it, migrate and release on that same client.
  const client = await poolOf(db).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

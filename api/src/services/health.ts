// Is the database answering? One read: the count of the migrations applied.
import { sql } from 'drizzle-orm';
import { dialectOf, row, type Db } from '@app/db';

/** The number of migrations applied; throws when the database does not answer. */
export async function appliedMigrations(db: Db): Promise<number> {
  const found = await row<{ migrations: number }>(db, sql`select count(*) as migrations from ${dialectOf(db.$engine).migrationsTable}`);
  return Number(found!.migrations);
}

// Is the database answering? One read that also counts the migrations applied.
import { sql } from 'drizzle-orm';
import { dialectOf, row, type Db } from '@app/db';

/** The number of migrations applied; throws when the database does not answer. */
export async function appliedMigrations(db: Db): Promise<number> {
  const found = await row<{ ok: number; migrations: number }>(
    db,
    sql`select 1 as ok, (select count(*) from ${dialectOf(db.$engine).migrationsTable}) as migrations`,
  );
  return Number(found!.migrations);
}

// The back office's paged lists, newest first: the rows of one page, the total they are taken from
// and the page count, as every admin list answers them.
import { count, desc, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { first, type Db } from '@app/db';

type Dated = SQLiteTable & { id: SQLiteColumn; createdAt: SQLiteColumn };

export async function newestFirst<T extends Dated>(db: Db, table: T, where: SQL | undefined, page: number, limit: number) {
  const total = (await first(
    db
      .select({ n: count() })
      .from(table as SQLiteTable)
      .where(where),
  ))!.n;
  const rows = (await db
    .select()
    .from(table as SQLiteTable)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)
    .offset((page - 1) * limit)) as T['$inferSelect'][];
  return { rows, total, totalPages: Math.ceil(total / limit), page, limit };
}

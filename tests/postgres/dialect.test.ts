// The engine-specific SQL pieces (db/src/dialect.ts) give the same rows on SQLite and on PostgreSQL.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dialectOf, exec, openSqliteDb, rows, runMigrations, type Db } from '@app/db';
import { openPostgresDb } from '@app/db/postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../support/postgres.ts';
import { testTempDir } from '../support/temp-dirs.ts';

const titles = ['Manuel 100%', 'manuel_moteur', 'Schéma C:\\docs', 'MANUEL Volvo', 'Zodiac', 'apple', 'Banana', 'Manuel 1000'];
const handles: [string, Db][] = [];
const title = sql.identifier('title');

beforeAll(async () => {
  const sqlite = openSqliteDb(path.join(testTempDir('pm-dialect'), 'app.db'));
  await runMigrations(sqlite);
  const postgres = openPostgresDb(await createDatabase(inject('postgresAdminUrl')));
  handles.push(['sqlite', sqlite], ['postgres', postgres]);
  for (const [, db] of handles) {
    for (const [i, t] of titles.entries()) {
      await exec(
        db,
        sql`insert into technical_documents (title, type, mime_type, storage_key, original_filename, size) values (${t}, 'pdf', 'application/pdf', ${`k${i}`}, 'f.pdf', 1)`,
      );
    }
  }
});
afterAll(() => Promise.all(handles.map(([, db]) => db.$close())));

const titlesWhere = async (engine: string, db: Db, where: (d: ReturnType<typeof dialectOf>) => ReturnType<typeof sql>, order = sql`id`) =>
  (
    await rows<{ title: string }>(
      db,
      sql`select title from technical_documents where ${where(dialectOf(engine as 'sqlite'))} order by ${order}`,
    )
  ).map((r) => r.title);

describe.each(['sqlite', 'postgres'])('SQL pieces on %s', (engine) => {
  const db = () => handles.find(([e]) => e === engine)![1];

  it('finds a text anywhere, ignoring case, with %, _ and \\ taken literally', async () => {
    expect(await titlesWhere(engine, db(), (d) => d.contains(title, 'manuel'))).toEqual([
      'Manuel 100%',
      'manuel_moteur',
      'MANUEL Volvo',
      'Manuel 1000',
    ]);
    expect(await titlesWhere(engine, db(), (d) => d.contains(title, '100%'))).toEqual(['Manuel 100%']);
    expect(await titlesWhere(engine, db(), (d) => d.contains(title, 'l_m'))).toEqual(['manuel_moteur']);
    expect(await titlesWhere(engine, db(), (d) => d.contains(title, 'c:\\d'))).toEqual(['Schéma C:\\docs']);
  });

  it('sorts without regard to case, in code-point order (a space before an underscore)', async () => {
    const sorted = await titlesWhere(engine, db(), () => sql`1 = 1`, sql`${dialectOf(engine as 'sqlite').caseless(title)}, id`);
    expect(sorted).toEqual(['apple', 'Banana', 'Manuel 100%', 'Manuel 1000', 'MANUEL Volvo', 'manuel_moteur', 'Schéma C:\\docs', 'Zodiac']);
  });

  it('selects rows by a list of ids in one parameter, however long', async () => {
    const ids = [2, 5, ...Array.from({ length: 40_000 }, (_, i) => 100 + i)];
    expect(await titlesWhere(engine, db(), (d) => d.inIds(sql.identifier('id'), ids))).toEqual(['manuel_moteur', 'Zodiac']);
    expect(await titlesWhere(engine, db(), (d) => d.inIds(sql.identifier('id'), []))).toEqual([]);
  });

  it('counts the applied migrations', async () => {
    const [applied] = await rows<{ n: number }>(db(), sql`select count(*) as n from ${dialectOf(engine as 'sqlite').migrationsTable}`);
    expect(applied!.n).toBeGreaterThan(0);
  });
});

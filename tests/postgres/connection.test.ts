// The PostgreSQL handle behaves as query code expects of the SQLite one: numbers, dates, JSON, booleans,
// the raw helpers, transactions, and migrations that two instances may run at the same moment.
import { eq, inArray, sql } from 'drizzle-orm';
import * as pgTables from '@app/db/pg/schema/index';
import { exec, first, keptRows, preparedRead, row, rows, type Db, type Queryable, type schema } from '@app/db';
import { openPostgresDb, pgMigrationsFolder, poolOf, runPostgresMigrations } from '@app/db/postgres';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, createEmptyDatabase } from '../support/postgres.ts';

// Query code sees the tables typed as SQLite's (docs/decisions/084); at run time these are PostgreSQL's.
const t = pgTables as unknown as typeof schema;
const opened: Db[] = [];
afterAll(() => Promise.all(opened.map((db) => db.$close())));

async function fresh(): Promise<Db> {
  const db = openPostgresDb(await createDatabase(inject('postgresAdminUrl')));
  opened.push(db);
  return db;
}

const engine = {
  titleFr: 'Moteur',
  titleEn: 'Engine',
  descriptionFr: 'd',
  descriptionEn: 'd',
  type: 'engine',
  brand: 'Volvo',
  model: 'D6',
  fuelType: 'diesel',
  weight: 600.5,
  powerOutput: 330,
  powerKw: 243,
};

describe('PostgreSQL handle', () => {
  it('says which engine it is', async () => {
    expect((await fresh()).$engine).toBe('postgres');
  });

  it('returns ids, decimals, booleans, JSON and millisecond dates as the SQLite handle does', async () => {
    const db = await fresh();
    const when = new Date('2026-03-04T05:06:07.891Z');
    const [created] = await db
      .insert(t.products)
      .values({ ...engine, specifications: { Cylindres: '6' }, createdAt: when })
      .returning();
    expect(created).toMatchObject({
      id: 1,
      weight: 600.5,
      featured: false,
      specifications: { Cylindres: '6' },
      specificationsEn: {},
      price: null,
      version: 1,
    });
    const read = await first(db.select().from(t.products).where(eq(t.products.id, created!.id)));
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(read!.createdAt.getTime()).toBe(when.getTime());
    expect(read!.updatedAt.getTime()).toBeGreaterThan(0);
  });

  it('gives counts and sums as numbers, in builders and in raw SQL', async () => {
    const db = await fresh();
    await db.insert(t.products).values([engine, { ...engine, model: 'D4' }]);
    const [built] = await db
      .select({ n: sql<number>`count(*)`, total: sql<number>`sum(${t.products.powerKw})`, mean: sql<number>`avg(${t.products.version})` })
      .from(t.products);
    expect(built).toEqual({ n: 2, total: 486, mean: 1 });
    expect(await row(db, sql`select count(*) as n from products`)).toEqual({ n: 2 });
    expect(await rows(db, sql`select model from products order by model`)).toEqual([{ model: 'D4' }, { model: 'D6' }]);
    expect(await exec(db, sql`update products set featured = true where model = ${'D4'}`)).toBe(1);
  });

  it('builds a kept query once per key and reads the rows of the moment each time, inside a transaction on its connection', async () => {
    const db = await fresh();
    let built = 0;
    const modelsOf = (brand: string, q: Queryable = db) =>
      keptRows<{ model: string }>(q, `models of ${brand}`, () => {
        built++;
        return sql`select model from products where brand = ${brand} order by model`;
      }).then((found) => found.map((r) => r.model));
    await db.insert(t.products).values(engine);
    expect(await modelsOf('Volvo')).toEqual(['D6']);
    await db.insert(t.products).values({ ...engine, model: 'D4' });
    expect(await modelsOf('Volvo')).toEqual(['D4', 'D6']);
    expect(built).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(t.products).values({ ...engine, model: 'D2' });
        expect(await modelsOf('Volvo', tx)).toEqual(['D2', 'D4', 'D6']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await modelsOf('Volvo')).toEqual(['D4', 'D6']);
  });

  it('runs a prepared read once named on every pooled connection, with new values, and inside a transaction sees its rows', async () => {
    const db = await fresh();
    const byModels = preparedRead((handle: Queryable, count: number) =>
      handle
        .select({ model: t.products.model })
        .from(t.products)
        .where(
          inArray(
            t.products.model,
            Array.from({ length: count }, (_, i) => sql.placeholder(`m${i}`)),
          ),
        )
        .orderBy(t.products.model),
    );
    const read = (list: string[], q: Queryable = db) =>
      byModels(q, list.length, Object.fromEntries(list.map((m, i) => [`m${i}`, m]))).then((found) => found.map((r) => r.model));
    await db.insert(t.products).values([engine, { ...engine, model: 'D4' }]);
    // Twenty at once take several connections of the pool: each prepares the statement for itself.
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => read(i % 2 ? ['D4'] : ['D6', 'D4'])));
    expect(many).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? ['D4'] : ['D4', 'D6'])));
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(t.products).values({ ...engine, model: 'D2' });
        expect(await read(['D2', 'D6'], tx)).toEqual(['D2', 'D6']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(['D2', 'D6'])).toEqual(['D6']);
  });

  it('runs raw reads as named statements, with the rows the driver gives, and inside a transaction on its connection', async () => {
    const db = openPostgresDb(await createDatabase(inject('postgresAdminUrl')), { poolSize: 1 });
    opened.push(db);
    const when = new Date('2026-03-04T05:06:07.891Z');
    await db.insert(t.products).values({ ...engine, createdAt: when });
    const read = sql`select model, created_at as "createdAt", weight from products order by model`;
    // Timestamps stay text and decimals numbers, as drizzle's own raw execute gives them.
    const expected = await (db as unknown as { execute(query: typeof read): Promise<{ rows: unknown[] }> }).execute(read);
    expect(await rows(db, read)).toEqual(expected.rows);
    expect(await rows(db, read)).toEqual([{ model: 'D6', createdAt: expect.any(String), weight: 600.5 }]);
    // The one pooled connection now holds the read prepared under a name.
    const prepared = await rows<{ statement: string }>(db, sql`select statement from pg_prepared_statements`);
    expect(prepared.map((p) => p.statement)).toContain('select model, created_at as "createdAt", weight from products order by model');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(t.products).values({ ...engine, model: 'D2' });
        expect((await rows<{ model: string }>(tx, read)).map((r) => r.model)).toEqual(['D2', 'D6']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await rows<{ model: string }>(db, read)).map((r) => r.model)).toEqual(['D6']);
  });

  it('rolls a failed transaction back whole', async () => {
    const db = await fresh();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(t.products).values(engine);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.select().from(t.products)).toEqual([]);
  });
});

describe('PostgreSQL migrations', () => {
  it('are applied once when two instances migrate a new database at the same moment', async () => {
    const url = await createEmptyDatabase(inject('postgresAdminUrl'));
    const a = openPostgresDb(url);
    const b = openPostgresDb(url);
    opened.push(a, b);
    await Promise.all([runPostgresMigrations(a), runPostgresMigrations(b)]);
    const applied = await rows<{ hash: string }>(a, sql`select hash from drizzle.__drizzle_migrations`);
    const files = (await import('node:fs'))
      .readdirSync(new URL('../../db/migrations-pg/', import.meta.url))
      .filter((f) => f.endsWith('.sql'));
    expect(applied).toHaveLength(files.length);
    expect(await rows(b, sql`select id from products`)).toEqual([]);
  });

  it('keep every row when run again', async () => {
    const db = await fresh();
    await db.insert(t.products).values(engine);
    await runPostgresMigrations(db);
    expect(await db.select({ model: t.products.model }).from(t.products)).toEqual([{ model: 'D6' }]);
  });

  it("turn a database's stored image variants into json (0007), each picture's list whole", async () => {
    // The database as the migrations before 0007 left it, with a picture stored then.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-migrations-'));
    fs.cpSync(pgMigrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0007');
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const url = await createEmptyDatabase(inject('postgresAdminUrl'));
    const db = openPostgresDb(url);
    opened.push(db);
    await migrate(drizzle({ client: poolOf(db) }), { migrationsFolder: before });
    const variants = [
      { file: '320.avif', width: 320, format: 'avif' },
      { file: 'thumb.webp', width: 400, format: 'webp' },
    ];
    const [{ id }] = (await db.insert(t.products).values(engine).returning({ id: t.products.id })) as [{ id: number }];
    await exec(
      db,
      sql`insert into product_images (product_id, storage_key, width, height, variants) values (${id}, 'k1', 800, 600, ${JSON.stringify(variants)}::jsonb)`,
    );

    await runPostgresMigrations(db);
    fs.rmSync(before, { recursive: true, force: true });
    expect(
      await row<{ type: string }>(
        db,
        sql`select data_type as type from information_schema.columns where table_name = 'product_images' and column_name = 'variants'`,
      ),
    ).toEqual({ type: 'json' });
    expect(await db.select({ variants: t.productImages.variants }).from(t.productImages)).toEqual([{ variants }]);
  });
});

describe('PostgreSQL transactions, as on the SQLite handle', () => {
  it('run the statements made on tx in the transaction: a rollback undoes them', async () => {
    const db = await fresh();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(t.products).values(engine);
        expect(await tx.select({ model: t.products.model }).from(t.products)).toEqual([{ model: 'D6' }]);
        expect(await row(tx, sql`select count(*) as n from products`)).toEqual({ n: 1 });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await db.select().from(t.products)).toEqual([]);
  });

  it('make a transaction opened on tx a savepoint: its failure undoes only its own statements', async () => {
    const db = await fresh();
    await db.transaction(async (tx) => {
      await tx.insert(t.products).values({ ...engine, model: 'kept' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(t.products).values({ ...engine, model: 'undone' });
          throw new Error('inner');
        })
        .catch(() => undefined);
      await tx.transaction(async (inner) => {
        await inner.insert(t.products).values({ ...engine, model: 'inner-kept' });
      });
    });
    expect(await db.select({ model: t.products.model }).from(t.products).orderBy(t.products.model)).toEqual([
      { model: 'inner-kept' },
      { model: 'kept' },
    ]);
  });

  it('refuse a statement or a transaction on the handle inside its transaction, naming the fix, and the transaction goes on', async () => {
    const db = await fresh();
    await db.transaction(async (tx) => {
      await tx.insert(t.products).values(engine);
      await expect(db.select().from(t.products)).rejects.toThrow('pass tx');
      await expect(rows(db, sql`select 1 as one`)).rejects.toThrow('pass tx');
      await expect(exec(db, sql`update products set featured = true`)).rejects.toThrow('pass tx');
      await expect(db.transaction(async () => undefined)).rejects.toThrow('pass tx');
    });
    expect(await db.select({ model: t.products.model, featured: t.products.featured }).from(t.products)).toEqual([
      { model: 'D6', featured: false },
    ]);
  });

  it('let other requests run beside a transaction on their own connections', async () => {
    const db = await fresh();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const open = db.transaction(async (tx) => {
      await tx.insert(t.products).values({ ...engine, model: 'uncommitted' });
      written();
      await held;
    });
    // Outside the callback: not in the transaction, so its row is not visible yet.
    await inserted;
    expect(await db.select().from(t.products)).toEqual([]);
    release();
    await open;
    expect(await db.select({ model: t.products.model }).from(t.products)).toEqual([{ model: 'uncommitted' }]);
  });
});

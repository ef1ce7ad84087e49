// The async handle over one SQLite connection: what a transaction owns, what waits for it, and the guard.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  first,
  keptRows,
  openDb,
  outsideTransaction,
  preparedRead,
  row,
  runMigrations,
  sqlText,
  type Db,
  type Queryable,
} from './index.ts';
import * as schema from './schema/index.ts';

const meta = schema.appMeta;
let db: Db;
let folder: string;
beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-handle-'));
  db = openDb(path.join(folder, 'app.db'));
  await runMigrations(db);
});
afterEach(async () => {
  await db.$close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const keys = async () => (await db.select({ key: meta.key }).from(meta).orderBy(meta.key)).map((r) => r.key);
/** Lets everything already pending run (the statements and their promises need no timer): a statement that did not queue would have landed. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the async handle on SQLite', () => {
  it('keeps a statement of another request out of an open transaction: it still lands when the transaction rolls back', async () => {
    let outside: Promise<unknown> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(meta).values({ key: 'inside', value: '1' });
        outside = outsideTransaction(() =>
          db
            .insert(meta)
            .values({ key: 'outside', value: '1' })
            .then(() => undefined),
        );
        await tick();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect(await keys()).toEqual(['outside']);
  });

  it('runs a transaction opened inside another as a savepoint: its failure undoes only its own writes', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(meta).values({ key: 'outer', value: '1' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(meta).values({ key: 'inner', value: '1' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await tx.transaction(async (inner) => {
        await inner.insert(meta).values({ key: 'inner-kept', value: '1' });
      });
    });
    expect(await keys()).toEqual(['inner-kept', 'outer']);
  });

  it('lets work started outside the transaction see its rows only once it committed', async () => {
    let seen: string | undefined = 'not read';
    let reader: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(meta).values({ key: 'queued', value: 'mail' });
      reader = outsideTransaction(async () => {
        seen = (await first(db.select().from(meta).where(eq(meta.key, 'queued'))))?.value;
      });
      await tick();
      expect(seen).toBe('not read');
    });
    await reader;
    expect(seen).toBe('mail');
  });

  it('runs a prepared read with new values each time, per shape, and inside a transaction sees its rows', async () => {
    const byKeys = preparedRead((handle: Queryable, count: number) =>
      handle
        .select({ key: meta.key })
        .from(meta)
        .where(
          inArray(
            meta.key,
            Array.from({ length: count }, (_, i) => sql.placeholder(`k${i}`)),
          ),
        )
        .orderBy(meta.key),
    );
    const read = (list: string[], q: Queryable = db) =>
      byKeys(q, list.length, Object.fromEntries(list.map((k, i) => [`k${i}`, k]))).then((rows) => rows.map((r) => r.key));
    await db.insert(meta).values([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
    expect(await read(['a'])).toEqual(['a']);
    expect(await read(['b'])).toEqual(['b']);
    expect(await read(['a', 'b'])).toEqual(['a', 'b']);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(meta).values({ key: 'c', value: '3' });
        expect(await read(['c', 'a'], tx)).toEqual(['a', 'c']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(['c', 'a'])).toEqual(['a']);
  });

  it('builds the first 512 shapes of a handle once, and the shapes past them on every call, with the same rows', async () => {
    let built = 0;
    const byKey = preparedRead((handle: Queryable, shape: number) => {
      built++;
      return handle
        .select({ key: meta.key, shape: sql<number>`${shape}` })
        .from(meta)
        .where(eq(meta.key, sql.placeholder('key')));
    });
    await db.insert(meta).values({ key: 'a', value: '1' });
    for (let round = 0; round < 2; round++)
      for (let shape = 0; shape < 520; shape++) expect(await byKey(db, shape, { key: 'a' })).toEqual([{ key: 'a', shape }]);
    expect(built).toBe(512 + 8 * 2);
  });

  it('builds a kept query once per key and reads the rows of the moment each time, in a transaction too', async () => {
    let built = 0;
    const valuesOf = (key: string, q: Queryable = db) =>
      keptRows<{ value: string }>(q, `value of ${key}`, () => {
        built++;
        return sql`select value from app_meta where key = ${key}`;
      }).then((rows) => rows.map((r) => r.value));
    await db.insert(meta).values({ key: 'a', value: '1' });
    expect(await valuesOf('a')).toEqual(['1']);
    await db.update(meta).set({ value: '2' }).where(eq(meta.key, 'a'));
    expect(await valuesOf('a')).toEqual(['2']);
    expect(built).toBe(1);
    expect(await valuesOf('b')).toEqual([]);
    expect(built).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(meta).values({ key: 'b', value: '3' });
        expect(await valuesOf('b', tx)).toEqual(['3']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await valuesOf('b')).toEqual([]);
  });

  it('runs the statements made on tx in the transaction: a rollback undoes them, a commit keeps them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(meta).values({ key: 'undone', value: '1' });
        expect(await row(tx, sqlText('select count(*) as n from app_meta where key = ?', 'undone'))).toEqual({ n: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction(async (tx) => {
      await tx.insert(meta).values({ key: 'kept', value: '1' });
    });
    expect(await keys()).toEqual(['kept']);
  });

  it("makes another request's statement wait for the transaction's commit, then see its rows", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const open = db.transaction(async (tx) => {
      await tx.insert(meta).values({ key: 'committed', value: '1' });
      written();
      await held;
    });
    await inserted;
    let seen: string[] | undefined;
    const reading = keys().then((found) => (seen = found));
    await tick();
    expect(seen).toBeUndefined();
    release();
    await open;
    await reading;
    expect(seen).toEqual(['committed']);
  });

  it('refuses a statement or a transaction on the handle inside its transaction, naming the fix, and the transaction goes on', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(meta).values({ key: 'inside', value: '1' });
      await expect(db.select().from(meta)).rejects.toThrow('pass tx');
      await expect(row(db, sqlText('select 1 as one'))).rejects.toThrow('pass tx');
      await expect(db.transaction(async () => undefined)).rejects.toThrow('pass tx');
    });
    expect(await keys()).toEqual(['inside']);
  });

  it('runs raw SQL with ? placeholders and counts the rows a statement changed', async () => {
    await db.insert(meta).values([
      { key: 'a', value: 'x' },
      { key: 'b', value: 'x' },
    ]);
    const changed = await db.update(meta).set({ value: 'y' }).where(eq(meta.value, 'x')).returning({ key: meta.key });
    expect(changed).toHaveLength(2);
    expect(await row(db, sqlText('select count(*) as n from app_meta where value = ?', 'y'))).toEqual({ n: 2 });
  });
});

// The facet cache's change marker on PostgreSQL (docs/decisions/087): it stays put through the instance's
// own listing writes (those keep the counts up to date in process) and moves at once when anyone else
// commits a change to the listings: another instance, a client that is not the app, a transaction that
// committed after a later one, a restore.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import * as pgTables from '@app/db/pg/schema/index';
import { openPostgresDb, poolOf, type Db, type schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresChangeMarker } from '../../api/src/services/search-sql-postgres.ts';
import { createDatabase } from '../support/postgres.ts';

const t = pgTables as unknown as typeof schema;
const engine = {
  titleFr: 'Moteur',
  titleEn: 'Engine',
  descriptionFr: 'd',
  descriptionEn: 'd',
  type: 'engine',
  brand: 'Volvo',
  model: 'D6',
  fuelType: 'diesel',
  weight: 600,
  powerOutput: 330,
  powerKw: 243,
};

describe('the change marker of the facet counts on PostgreSQL', () => {
  let url: string;
  const opened: Db[] = [];
  // Two instances of the app on one database.
  let a: Db;
  let b: Db;
  const instance = () => {
    const db = openPostgresDb(url);
    opened.push(db);
    return db;
  };
  beforeAll(async () => {
    url = await createDatabase(inject('postgresAdminUrl'));
    a = instance();
    b = instance();
  });
  afterAll(() => Promise.all(opened.map((db) => db.$close())));

  /** Runs `write` and tells whether it moved each instance's marker. */
  const moved = async (write: () => Promise<unknown>) => {
    const before = [await postgresChangeMarker(a), await postgresChangeMarker(b)];
    await write();
    return { a: (await postgresChangeMarker(a)) !== before[0], b: (await postgresChangeMarker(b)) !== before[1] };
  };

  it("stays put through the instance's own creates, edits and deletes, and moves for the other instance", async () => {
    let id = 0;
    expect(await moved(async () => ({ id } = (await a.insert(t.products).values(engine).returning())[0]!))).toEqual({ a: false, b: true });
    expect(await moved(() => a.update(t.products).set({ brand: 'Nanni' }).where(eq(t.products.id, id)))).toEqual({ a: false, b: true });
    expect(await moved(() => b.update(t.products).set({ brand: 'Yanmar' }).where(eq(t.products.id, id)))).toEqual({ a: true, b: false });
    expect(await moved(() => b.delete(t.products).where(eq(t.products.id, id)))).toEqual({ a: true, b: false });
  });

  it('moves for both instances when a client that is not the app changes listings (a seed script, psql)', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(
        await moved(() =>
          client.query(
            `insert into products (title_fr, title_en, description_fr, description_en, type, brand, model, fuel_type, weight, power_output, power_kw) values ('M', 'E', 'd', 'd', 'engine', 'MTU', '8V', 'diesel', 1, 1, 1)`,
          ),
        ),
      ).toEqual({ a: true, b: true });
      expect(await moved(() => client.query('truncate products cascade'))).toEqual({ a: true, b: true });
    } finally {
      await client.end();
    }
  });

  it('does not move for a write that rolled back, nor for writes to other tables', async () => {
    const undone = moved(() =>
      b
        .transaction(async (tx) => {
          await tx.insert(t.products).values(engine);
          tx.rollback();
        })
        .catch(() => {}),
    );
    expect(await undone).toEqual({ a: false, b: false });
    expect(await moved(() => b.insert(t.appMeta).values({ key: 'unrelated', value: '1' }))).toEqual({ a: false, b: false });
  });

  it('does not move for a statement that changed no listing (an edit refused by its version check)', async () => {
    const { id } = (await b.insert(t.products).values(engine).returning())[0]!;
    expect(
      await moved(() =>
        b
          .update(t.products)
          .set({ brand: 'Nanni' })
          .where(sql`${t.products.id} = ${id} and ${t.products.version} = -1`),
      ),
    ).toEqual({ a: false, b: false });
    expect(await moved(() => b.delete(t.products).where(eq(t.products.id, -1)))).toEqual({ a: false, b: false });
    expect(await moved(() => b.update(t.products).set({ brand: 'Nanni' }).where(eq(t.products.id, id)))).toEqual({ a: true, b: false });
  });

  it('moves when a transaction that began before another commits after it', async () => {
    const c = instance();
    await c.insert(t.products).values(engine); // a listing for the long transaction to change
    const first = await poolOf(b).connect();
    try {
      await first.query('begin');
      await first.query(`update products set price = 1`);
      await c.insert(t.products).values(engine); // commits first
      const seen = await postgresChangeMarker(a);
      await first.query('commit');
      expect(await postgresChangeMarker(a)).not.toBe(seen);
    } finally {
      first.release();
    }
  });

  it('moves when the change counters themselves are put back as they were (a restore)', async () => {
    const saved = await b
      .select()
      .from(t.appMeta)
      .where(sql`${t.appMeta.key} like 'catalogue_changes:%'`);
    const seen = await postgresChangeMarker(a);
    await b.transaction(async () => {
      await b.delete(t.appMeta).where(sql`${t.appMeta.key} like 'catalogue_changes:%'`);
      await b.insert(t.appMeta).values(saved);
    });
    expect(await postgresChangeMarker(a)).not.toBe(seen);
  });
});

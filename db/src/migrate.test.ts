import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDb, runMigrations } from './index.ts';
import * as schema from './schema/index.ts';

const folders: string[] = [];
const tmp = () => {
  folders.push(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-db-')));
  return path.join(folders.at(-1)!, 'app.db');
};
const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((d) => d.close()));
afterAll(() => folders.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function fresh(file = tmp()) {
  const db = openDb(file);
  opened.push(db.$sqlite!);
  return db;
}

describe('database connection and migrations', () => {
  it('opens every connection in WAL mode with foreign keys and a busy timeout', () => {
    const sqlite = fresh().$sqlite!;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
  });

  it('creates every table of the data model and leaves foreign keys switched on', async () => {
    const db = fresh();
    await runMigrations(db);
    const tables = db
      .$sqlite!.prepare(
        "select name from sqlite_master where type='table' and name not like 'sqlite_%' and name not like '\\_\\_%' escape '\\'",
      )
      .pluck()
      .all();
    for (const t of [
      'users',
      'auth_sessions',
      'refresh_tokens',
      'products',
      'product_images',
      'product_documents',
      'technical_documents',
      'inquiries',
      'email_responses',
      'smtp_accounts',
      'smtp_settings',
      'newsletter_subscribers',
      'newsletter_sendings',
      'newsletter_deliveries',
      'mail_outbox',
      'products_fts',
    ]) {
      expect(tables).toContain(t);
    }
    expect(db.$sqlite!.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('keeps every row when migrations run again on an existing file', async () => {
    const file = tmp();
    const db = fresh(file);
    await runMigrations(db);
    const product = (
      await db
        .insert(schema.products)
        .values({
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
        })
        .returning()
    )[0]!;
    await db.insert(schema.productDocuments).values({
      productId: product.id,
      title: 'Manuel',
      type: 'pdf',
      mimeType: 'application/pdf',
      storageKey: 'k1',
      originalFilename: 'm.pdf',
      size: 10,
    });
    await db.$close();
    opened.pop();

    const again = fresh(file);
    await runMigrations(again);
    expect(await again.select().from(schema.products)).toHaveLength(1);
    expect(await again.select().from(schema.productDocuments)).toHaveLength(1);
  });

  it('indexes listing texts for accent-insensitive prefix search', async () => {
    const db = fresh();
    await runMigrations(db);
    await db.insert(schema.products).values({
      titleFr: 'Groupe électrogène 100 kVA',
      titleEn: 'Generator set',
      descriptionFr: 'd',
      descriptionEn: 'd',
      type: 'generator',
      brand: 'Cummins',
      model: 'C100',
      fuelType: 'diesel',
      weight: 900,
      powerOutput: 100,
      powerKw: 80,
    });
    const match = db.$sqlite!.prepare("select rowid from products_fts where products_fts match 'groupe electrog*'").pluck().all();
    expect(match).toHaveLength(1);
  });
});

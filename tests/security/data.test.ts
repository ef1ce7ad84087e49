// Probes for security.md "Data" on the engine the tests run on: WAL (SQLite), a write that waits for a
// lock instead of failing, foreign keys enforced, restarts and migrations that keep every row, the online
// backup command with a restore that serves the same catalogue, and the 3-year retention purge.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorInput } from '../fixtures/catalogue.ts';
import { exec, openSqlite, row, tablesOf } from '@app/db';
import { signInAsAdmin, sqlText, withDb } from '../support/auth.ts';
import { LIMIT_COUNTERS, tableChecksums } from '../support/db-state.ts';
import { backupFor, restoreInto } from '../support/backup.ts';
import { onPostgres, startServer, type TestServer } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

type Json = Record<string, any>;
const DAY = 86_400_000;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  for (let i = 0; i < 5; i++)
    await server.api('/products', { method: 'POST', token, json: generatorInput({ titleFr: `Groupe ${i}`, titleEn: `Set ${i}` }) });
});
afterAll(() => server?.stop());

describe('storage settings', () => {
  // SQLite's journal is a file beside the database; PostgreSQL has its own write-ahead log, nothing to set.
  // SQLite only: registered on that engine alone, so no run reports a skipped test.
  if (!onPostgres())
    it('keeps the SQLite database in WAL mode (SQLite only: PostgreSQL has its own WAL)', () => {
      const db = openSqlite(server.databasePath);
      // A fresh connection reads the mode stored in the file, not one it set itself.
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
      expect(fs.existsSync(`${server.databasePath}-wal`)).toBe(true);
    });

  it('waits for a lock held by another connection instead of failing (SQLITE_BUSY, lock timeout)', async () => {
    let pending: Promise<Response> | undefined;
    await withDb(server, (db) =>
      // On SQLite the transaction takes the write lock at once (BEGIN IMMEDIATE); on PostgreSQL the lock
      // on products stops the listing's insert.
      db.transaction(async (tx) => {
        if (db.$engine === 'postgres') await exec(tx, sqlText('lock table products in exclusive mode'));
        pending = server.api('/products', {
          method: 'POST',
          token,
          json: generatorInput({ titleFr: 'Pendant le verrou', titleEn: 'During the lock' }),
        });
        await new Promise((r) => setTimeout(r, 1500));
      }),
    );
    const res = await pending!;
    expect(res.status).toBe(201);
    expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked|lock timeout|deadlock detected/);
  });

  it('enforces foreign keys: a deleted listing takes its documents rows with it', async () => {
    const id = await withDb(server, async (db) => (await row<{ id: number }>(db, sqlText('select max(id) as id from products')))!.id);
    const refused = await withDb(server, (db) =>
      exec(
        db,
        sqlText(
          "insert into product_documents (product_id, title, type, mime_type, storage_key, original_filename, size) values (999999, 't', 'pdf', 'application/pdf', 'k', 'f', 1)",
        ),
      ),
    ).then(
      () => undefined,
      (err: Error) => err,
    );
    // The engine's own text, whether it comes as the error or as the cause drizzle wraps.
    expect(`${refused?.message} ${(refused?.cause as Error | undefined)?.message}`).toMatch(/foreign key/i);
    expect((await server.api(`/products/${id}`, { method: 'DELETE', token })).status).toBe(200);
  });
});

describe('restarts, migrations and backups keep every row', () => {
  it('a restart (which runs the migrations again) changes no row', async () => {
    const sessions = ['auth_sessions', 'access_tokens', 'refresh_tokens', LIMIT_COUNTERS];
    const before = await withDb(server, (db) => tableChecksums(db, sessions));
    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    token = (await signInAsAdmin(server)).accessToken;
    expect(await withDb(server, (db) => tableChecksums(db, sessions))).toEqual(before);
  });

  it('`npm run db:backup` while the server runs gives a backup that a new server serves as the same catalogue', async () => {
    const target = testTempDir('pm-restore');
    const backup = await backupFor(server, target);
    expect(backup.stdout).toContain(backup.file);
    await restoreInto(target, backup);
    const original = (await (await server.api('/products?limit=100')).json()) as Json;
    const restored = await startServer({ dataDir: target });
    try {
      const copy = (await (await restored.api('/products?limit=100')).json()) as Json;
      expect(copy.total).toBe(original.total);
      expect(copy.items.map((p: Json) => p.id)).toEqual(original.items.map((p: Json) => p.id));
    } finally {
      await restored.stop();
    }
  });
});

describe('retention', () => {
  it('purges contact messages older than 3 years with their replies at start, and keeps the recent ones', async () => {
    const message = (name: string, email: string, ageMs: number) => ({
      name,
      email,
      message: 'Ancien message',
      language: 'fr',
      createdAt: new Date(Date.now() - ageMs),
    });
    const old = await withDb(server, async (db) => {
      const [first] = await db
        .insert(tablesOf(db).inquiries)
        .values(message('Ancien', 'old@example.org', (3 * 365 + 2) * DAY))
        .returning();
      await db.insert(tablesOf(db).inquiries).values(message('Récent', 'recent@example.org', 2 * 365 * DAY));
      await db
        .insert(tablesOf(db).emailResponses)
        .values({ inquiryId: first!.id, subject: 'Re', message: 'Réponse', toEmail: 'old@example.org', fromEmail: 'shop@example.test' });
      return first!.id;
    });

    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    // The purge runs in the background once the server listens: its log line says it is over.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/"msg":"retention purge"/);
    const { emails, replies } = await withDb(server, async (db) => ({
      emails: (await db.select().from(tablesOf(db).inquiries)).map((m) => m.email),
      replies: (await db.select().from(tablesOf(db).emailResponses)).filter((r) => r.inquiryId === old).length,
    }));
    expect(emails).toContain('recent@example.org');
    expect(emails).not.toContain('old@example.org');
    expect(replies).toBe(0);
  });
});

// Probes for security.md "Data": WAL and a busy timeout (a write waits for a lock instead of
// failing), foreign keys enforced, restarts and migrations that keep every row, the online backup
// command with a restore that serves the same catalogue, and the 3-year retention purge.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { LIMIT_COUNTERS, openReader, tableChecksums } from '../support/db-state.ts';
import { repoRoot, startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
const run = promisify(execFile);
const DAY = 86_400_000;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  for (let i = 0; i < 5; i++) await server.api('/products', { method: 'POST', token, json: generatorInput({ titleFr: `Groupe ${i}`, titleEn: `Set ${i}` }) });
});
afterAll(() => server?.stop());

describe('SQLite settings', () => {
  it('keeps the database in WAL mode', () => {
    const db = openReader(server.databasePath);
    // A fresh connection reads the mode stored in the file, not one it set itself.
    expect(db.prepare('select * from pragma_journal_mode').pluck().get()).toBe('wal');
    db.close();
    expect(fs.existsSync(`${server.databasePath}-wal`)).toBe(true);
  });

  it('waits for a lock held by another connection instead of failing with SQLITE_BUSY', async () => {
    const db = openReader(server.databasePath);
    db.exec('BEGIN IMMEDIATE');
    const pending = server.api('/products', { method: 'POST', token, json: generatorInput({ titleFr: 'Pendant le verrou', titleEn: 'During the lock' }) });
    await new Promise((r) => setTimeout(r, 1500));
    db.exec('COMMIT');
    db.close();
    const res = await pending;
    expect(res.status).toBe(201);
    expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
  });

  it('enforces foreign keys: a deleted listing takes its documents rows with it', async () => {
    const db = openReader(server.databasePath);
    const id = db.prepare('select max(id) from products').pluck().get() as number;
    expect(() => db.prepare("insert into product_documents (product_id, title, type, mime_type, storage_key, original_filename, size) values (999999, 't', 'pdf', 'application/pdf', 'k', 'f', 1)").run()).toThrow(
      /FOREIGN KEY/,
    );
    db.close();
    expect((await server.api(`/products/${id}`, { method: 'DELETE', token })).status).toBe(200);
  });
});

describe('restarts, migrations and backups keep every row', () => {
  it('a restart (which runs the migrations again) changes no row', async () => {
    const db = openReader(server.databasePath);
    const before = tableChecksums(db, ['auth_sessions', 'access_tokens', 'refresh_tokens', LIMIT_COUNTERS]);
    db.close();
    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    token = (await signInAsAdmin(server)).accessToken;
    const after = openReader(server.databasePath);
    expect(tableChecksums(after, ['auth_sessions', 'access_tokens', 'refresh_tokens', LIMIT_COUNTERS])).toEqual(before);
    after.close();
  });

  it('`npm run db:backup` while the server runs gives a file that a new server serves as the same catalogue', async () => {
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-restore-')), 'app.db');
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'db/src/cli/backup.ts'), target], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_PATH: server.databasePath, DATA_DIR: server.dataDir },
    });
    expect(stdout).toContain(target);
    const original = (await (await server.api('/products?limit=100')).json()) as Json;
    const restored = await startServer({ dataDir: path.dirname(target) });
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
    const db = openReader(server.databasePath);
    const insert = db.prepare("insert into inquiries (name, email, message, language, created_at) values (?, ?, 'Ancien message', 'fr', ?)");
    const old = insert.run('Ancien', 'old@example.org', Date.now() - (3 * 365 + 2) * DAY).lastInsertRowid;
    insert.run('Récent', 'recent@example.org', Date.now() - 2 * 365 * DAY);
    db.prepare("insert into email_responses (inquiry_id, subject, message, to_email, from_email) values (?, 'Re', 'Réponse', 'old@example.org', 'shop@example.test')").run(old);
    db.close();

    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    const after = openReader(server.databasePath);
    const emails = after.prepare('select email from inquiries').pluck().all();
    const replies = after.prepare('select count(*) from email_responses where inquiry_id = ?').pluck().get(old);
    after.close();
    expect(emails).toContain('recent@example.org');
    expect(emails).not.toContain('old@example.org');
    expect(replies).toBe(0);
    expect(server.output()).toMatch(/"msg":"retention purge"/);
  });
});

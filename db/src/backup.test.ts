import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { backupDatabase, openDb, runMigrations } from './index.ts';
import * as schema from './schema/index.ts';

describe('online backup', () => {
  it('copies a consistent database while another connection keeps writing, and the copy opens and migrates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-backup-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const db = openDb(path.join(dir, 'app.db'));
    await runMigrations(db);
    const insert = db.$sqlite!.prepare("insert into inquiries(name, email, message) values ('A', 'a@example.test', ?)");
    db.$sqlite!.transaction(() => {
      for (let i = 0; i < 5000; i++) insert.run(`message ${i}`);
    })();

    const writer = openDb(path.join(dir, 'app.db'));
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing) {
        writer.$sqlite!.prepare("insert into inquiries(name, email, message) values ('B', 'b@example.test', ?)").run(`late ${n++}`);
        await new Promise((r) => setImmediate(r));
      }
      return n;
    })();

    const target = await backupDatabase(db, path.join(dir, 'backups', 'copy.db'));
    writing = false;
    expect(await writes).toBeGreaterThan(0);

    const restored = openDb(target);
    expect(restored.$sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
    await runMigrations(restored);
    expect((await restored.select().from(schema.inquiries)).length).toBeGreaterThanOrEqual(5000);
    expect(fs.existsSync(`${target}.partial`)).toBe(false);
    for (const d of [db, writer, restored]) await d.$close();
  });
});

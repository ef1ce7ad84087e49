// `npm run db:backup` and `npm run db:restore` on PostgreSQL, through the real commands.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import * as pgTables from '@app/db/pg/schema/index';
import { type schema } from '@app/db';
import { openPostgresDb } from '@app/db/postgres';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../support/server.ts';
import { createDatabase } from '../support/postgres.ts';
import { testTempDir } from '../support/temp-dirs.ts';

const run = promisify(execFile);
const t = pgTables as unknown as typeof schema;
const command = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(repoRoot, 'db/src/cli', script), ...args], { cwd: repoRoot, env: { ...process.env, ...env } });

describe('backup and restore on PostgreSQL', () => {
  it('restores the data as it was at the backup, over later changes', async () => {
    const url = await createDatabase(inject('postgresAdminUrl'));
    const db = openPostgresDb(url);
    const [kept] = await db
      .insert(t.products)
      .values({
        titleFr: 'Groupe électrogène',
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
        specifications: { Tension: '400 V' },
      })
      .returning();
    await db.insert(t.inquiries).values({ name: 'Ana', email: 'ana@example.test', message: 'Prix ?' });

    const dir = testTempDir('pm-pgdump');
    const file = path.join(dir, 'backups', 'before.dump');
    const backup = await command('backup.ts', [file], { DATABASE_URL: url });
    expect(backup.stdout).toContain(`Backup written: ${file}`);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    await db.update(t.products).set({ titleFr: 'Changé' }).where(eq(t.products.id, kept!.id));
    await db.delete(t.inquiries);
    await db.insert(t.products).values({ ...kept!, id: undefined, model: 'Added later' });

    await db.$close();
    const restore = await command('restore.ts', [file], { DATABASE_URL: url });
    expect(restore.stdout).toContain(`Database restored from ${file}`);

    const after = openPostgresDb(url);
    expect(
      await after
        .select({ titleFr: t.products.titleFr, model: t.products.model, specifications: t.products.specifications })
        .from(t.products),
    ).toEqual([{ titleFr: 'Groupe électrogène', model: 'C100', specifications: { Tension: '400 V' } }]);
    expect(await after.select({ name: t.inquiries.name }).from(t.inquiries)).toEqual([{ name: 'Ana' }]);
    // The restored database takes new rows: identity sequences come back with the data.
    const [next] = await after.insert(t.inquiries).values({ name: 'Bo', email: 'bo@example.test', message: 'Délai ?' }).returning();
    expect(next!.id).toBeGreaterThan(1);
    await after.$close();
  });

  it('refuses a missing backup file and changes nothing', async () => {
    const url = await createDatabase(inject('postgresAdminUrl'));
    await expect(command('restore.ts', ['/nonexistent/file.dump'], { DATABASE_URL: url })).rejects.toThrow(
      /No backup file at \/nonexistent\/file\.dump/,
    );
  });
});

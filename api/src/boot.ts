// Builds everything a running process needs, in order: config, database, migrations, first admin.
import fs from 'node:fs';
import { openDatabase, runMigrations } from '@app/db';
import { createApp } from './app.ts';
import type { Deps } from './context.ts';
import { databaseConfig, parseEnv, type Env } from './env.ts';
import { ensureFirstAdmin } from './services/first-admin.ts';
import { createLogger } from './services/logger.ts';
import { createPageChanges } from './services/page-changes.ts';
import { createFacetCounts } from './services/catalogue-facets.ts';
import { sweepStorage } from './services/storage-sweep.ts';

export async function boot(source: Record<string, string | undefined> = process.env) {
  const env: Env = parseEnv(source);
  const log = createLogger(env.LOG_LEVEL);
  // Uploads, keys and backups are the owner's alone.
  fs.mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(env.dataDir, 0o700);
  const db = openDatabase(databaseConfig(env));
  await runMigrations(db);
  const deps: Deps = { db, env, log, pages: createPageChanges(), facets: createFacetCounts() };
  await sweepStorage(deps);
  const firstAdmin = await ensureFirstAdmin(deps);
  const app = createApp(deps);
  return { deps, app, firstAdmin };
}

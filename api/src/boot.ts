// Builds everything a running instance needs, in order: config, database, migrations, the state it holds
// (deps.ts: caches, stores, workers), first admin.
import fs from 'node:fs';
import { openDatabase, runMigrations } from '@app/db';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { databaseConfig, parseEnv, type Env } from './env.ts';
import { ensureFirstAdmin } from './services/first-admin.ts';
import { createLogger } from './services/logger.ts';
import { sweepStorage } from './services/storage-sweep.ts';

/** The real clock, or in tests the real clock moved by the milliseconds TEST_CLOCK_FILE holds (read at each call). */
function clockOf(env: Env): () => number {
  const file = env.TEST_CLOCK_FILE;
  if (!file) return Date.now;
  return () => Date.now() + (Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : 0) || 0);
}

export async function boot(source: Record<string, string | undefined> = process.env) {
  const env: Env = parseEnv(source);
  const log = createLogger(env.LOG_LEVEL);
  // Uploads, keys and backups are the owner's alone.
  fs.mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(env.dataDir, 0o700);
  const db = await openDatabase(databaseConfig(env));
  await runMigrations(db);
  const deps = createDeps({ db, env, log, clock: clockOf(env) });
  await sweepStorage(deps);
  const firstAdmin = await ensureFirstAdmin(deps);
  const app = createApp(deps);
  return { deps, app, firstAdmin };
}

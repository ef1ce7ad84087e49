// The API's surface for code that fills a catalogue outside a request: the demo (demo/, `npm run
// db:seed` and the first run of `npm start`) and the bench's generated catalogues (tests/bench). They
// store listings, pictures and documents through the same services as the admin's uploads, so demo
// data cannot drift from what uploads produce (decision 003). Lint lets demo/ import this module only.
import fs from 'node:fs';
import { openDatabase, runMigrations } from '@app/db';
import type { Deps } from './context.ts';
import { databaseConfig, parseEnv } from './env.ts';
import { createDeps } from './deps.ts';
import { createLogger } from './services/logger.ts';

export type { Deps } from './context.ts';
export { insertProductDocument, keepFile } from './services/catalogue-documents.ts';
export { createProduct, deleteProduct } from './services/catalogue-products.ts';
export { encodeImage, insertImage, type StoredImage } from './services/images.ts';
export type { Storage } from './services/storage.ts';

/** The dependencies a seed command works with: the database DATABASE_URL or DATABASE_PATH names, migrated. */
export async function openSeedDeps(): Promise<Deps> {
  const env = parseEnv();
  const log = createLogger('warn');
  fs.mkdirSync(env.dataDir, { recursive: true });
  const db = await openDatabase(databaseConfig(env));
  await runMigrations(db);
  return createDeps({ db, env, log });
}

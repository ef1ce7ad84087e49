// Start-up clean-up of DATA_DIR after a crash: uploads that were still streaming (tmp/), and image
// folders or document files written just before the process died but never recorded in a row.
// Runs before the server listens, so no upload is in flight; rows are never touched.
import fs from 'node:fs';
import path from 'node:path';
import { schema } from '@app/db';
import type { Deps } from '../context.ts';
import { storageFor } from './storage.ts';

export async function sweepStorage(deps: Deps): Promise<{ partials: number; images: number; documents: number }> {
  const { db, log } = deps;
  const storage = storageFor(deps.env.dataDir);
  const result = { partials: 0, images: 0, documents: 0 };

  for (const name of fs.readdirSync(storage.dirs.tmp)) {
    fs.rmSync(path.join(storage.dirs.tmp, name), { recursive: true, force: true });
    result.partials++;
  }

  const imageKeys = new Set((await db.select({ key: schema.productImages.storageKey }).from(schema.productImages)).map((r) => r.key));
  // A recorded folder may be a link to a shared one (the benchmark seed): its target is in use too.
  const linkedTargets = new Set<string>();
  const entries = fs.readdirSync(storage.dirs.images, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isSymbolicLink() && imageKeys.has(entry.name)) {
      linkedTargets.add(path.basename(fs.readlinkSync(path.join(storage.dirs.images, entry.name))));
    }
  }
  for (const entry of entries) {
    if (imageKeys.has(entry.name) || linkedTargets.has(entry.name) || !storage.isKey(entry.name)) continue;
    fs.rmSync(path.join(storage.dirs.images, entry.name), { recursive: true, force: true });
    result.images++;
  }

  const documentKeys = new Set([
    ...(await db.select({ key: schema.productDocuments.storageKey }).from(schema.productDocuments)).map((r) => r.key),
    ...(await db.select({ key: schema.technicalDocuments.storageKey }).from(schema.technicalDocuments)).map((r) => r.key),
  ]);
  for (const name of fs.readdirSync(storage.dirs.documents)) {
    if (documentKeys.has(name) || !storage.isKey(name)) continue;
    fs.rmSync(path.join(storage.dirs.documents, name), { force: true });
    result.documents++;
  }

  if (result.partials || result.images || result.documents) log.warn('storage sweep: removed leftovers of an interrupted run', result);
  return result;
}

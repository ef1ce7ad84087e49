// Start-up clean-up of DATA_DIR after a crash: uploads that were still streaming (tmp/), and image
// folders or document files written just before the process died but never recorded in a row.
// Runs before this process listens; other instances sharing DATA_DIR may be receiving uploads
// meanwhile, so their temporary files are left alone (docs/decisions/085). Rows are never touched.
import fs from 'node:fs';
import path from 'node:path';
import { tablesOf } from '@app/db';
import type { Deps } from '../context.ts';
import { tempWriter } from './storage.ts';

const HOUR = 60 * 60 * 1000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * An upload still being received by another process: one of this machine's live processes, or
 * written by another machine within the hour (its process cannot be asked).
 */
function inProgress(name: string, file: string): boolean {
  const writer = tempWriter(name);
  if (!writer) return false;
  if (writer.sameHost) return writer.pid !== process.pid && alive(writer.pid);
  try {
    return Date.now() - fs.statSync(file).mtimeMs < HOUR;
  } catch {
    return false;
  }
}

export async function sweepStorage(deps: Deps): Promise<{ partials: number; images: number; documents: number }> {
  const tables = tablesOf(deps.db);
  const { db, log } = deps;
  const storage = deps.storage;
  const result = { partials: 0, images: 0, documents: 0 };

  for (const name of fs.readdirSync(storage.dirs.tmp)) {
    const file = path.join(storage.dirs.tmp, name);
    if (inProgress(name, file)) continue;
    fs.rmSync(file, { recursive: true, force: true });
    result.partials++;
  }

  const imageKeys = new Set((await db.select({ key: tables.productImages.storageKey }).from(tables.productImages)).map((r) => r.key));
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
    ...(await db.select({ key: tables.productDocuments.storageKey }).from(tables.productDocuments)).map((r) => r.key),
    ...(await db.select({ key: tables.technicalDocuments.storageKey }).from(tables.technicalDocuments)).map((r) => r.key),
  ]);
  for (const name of fs.readdirSync(storage.dirs.documents)) {
    if (documentKeys.has(name) || !storage.isKey(name)) continue;
    fs.rmSync(path.join(storage.dirs.documents, name), { force: true });
    result.documents++;
  }

  if (result.partials || result.images || result.documents) log.warn('storage sweep: removed leftovers of an interrupted run', result);
  return result;
}

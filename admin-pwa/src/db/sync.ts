// Refreshing the read model from the API: replace or merge a table, remember when it was synced,
// and answer the time of the last sync for the offline indicator.
import type { Table } from 'dexie';
import { db } from './db.ts';

const LAST_SYNC = 'lastSync';

export async function markSynced(at = Date.now()) {
  await db.meta.put({ key: LAST_SYNC, value: at, at });
}

export async function lastSync(): Promise<number | null> {
  return ((await db.meta.get(LAST_SYNC))?.value as number | undefined) ?? null;
}

/**
 * Replaces a whole table with the server's list (for lists fetched in full: accounts, settings,
 * subscribers…). Rows waiting in the outbox are local changes: keep `keep` ids untouched.
 */
export async function replaceAll<T, K>(table: Table<T, K>, rows: T[], keep: (row: T) => boolean = () => false) {
  await db.transaction('rw', table, db.meta, async () => {
    const kept = (await table.toArray()).filter(keep);
    await table.clear();
    await table.bulkPut(rows);
    if (kept.length) await table.bulkPut(kept);
    await markSynced();
  });
}

/** Adds or updates rows (for paged lists: a page never tells what other pages hold). */
export async function upsert<T, K>(table: Table<T, K>, rows: T[]) {
  await db.transaction('rw', table, db.meta, async () => {
    await table.bulkPut(rows);
    await markSynced();
  });
}

/** Stores any small answer (stats, a page's ids and totals) under a key. */
export async function putMeta(key: string, value: unknown) {
  await db.meta.put({ key, value, at: Date.now() });
}

export const deleteMeta = (key: string) => db.meta.delete(key);

export async function getMeta<T>(key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

/**
 * Logout and session expiry: nothing of the signed-in admin stays on the device (security.md,
 * ASVS 14.3.1) — the database is deleted and every cache but the app shell's precache is dropped.
 */
export async function clearLocalData() {
  try {
    await db.delete({ disableAutoOpen: false });
  } catch {
    await Promise.all(db.tables.map((t) => t.clear()));
  }
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => !n.startsWith('workbox-precache')).map((n) => caches.delete(n)));
  }
}

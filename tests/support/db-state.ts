// What a test can say about the stored state from outside the server: a checksum of every table's
// rows (to prove a rejected request changed nothing), SQLite's own integrity check, and whether the
// rows and the files under DATA_DIR still agree (no row without its file, no file without its row).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openSqlite } from '@app/db';

type Sqlite = ReturnType<typeof openSqlite>;

/** A connection beside the running server, used for reading only (WAL lets it read while the server writes). */
export function openReader(databasePath: string): Sqlite {
  if (!fs.existsSync(databasePath)) throw new Error(`no database at ${databasePath}`);
  return openSqlite(databasePath);
}

/**
 * One hash per table of its rows in rowid order, so a difference names the table that changed.
 * Tables the server rewrites on its own schedule (nothing the request did) can be left out.
 */
/** The limits' counters (sign-in and form floods): every attempt counts, a refused one too, by design. */
export const LIMIT_COUNTERS = 'rate_limit_hits';

export function tableChecksums(db: Sqlite, ignore: string[] = []): Record<string, string> {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' order by name")
    .pluck()
    .all() as string[];
  const out: Record<string, string> = {};
  for (const table of tables) {
    if (ignore.includes(table)) continue;
    const hash = createHash('sha256');
    for (const row of db.prepare(`select * from "${table}"`).raw().iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v)));
      hash.update('\n');
    }
    out[table] = hash.digest('hex').slice(0, 16);
  }
  return out;
}

/** Tables whose checksum differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);

export function integrityCheck(databasePath: string): string {
  const db = openReader(databasePath);
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

export type FileAudit = {
  /** Rows naming a file or image folder that is not on disk. */
  missing: string[];
  /** Files or image folders on disk that no row names. */
  orphans: string[];
  /** Unfinished uploads left in DATA_DIR/tmp. */
  partials: string[];
};

/** Compares the storage keys in the database with DATA_DIR/images, documents and tmp. */
export function auditFiles(databasePath: string, dataDir: string): FileAudit {
  const db = openReader(databasePath);
  try {
    const imageKeys = new Set(db.prepare('select storage_key from product_images').pluck().all() as string[]);
    const documentKeys = new Set([
      ...(db.prepare('select storage_key from product_documents').pluck().all() as string[]),
      ...(db.prepare('select storage_key from technical_documents').pluck().all() as string[]),
    ]);
    const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const imagesDir = path.join(dataDir, 'images');
    const documentsDir = path.join(dataDir, 'documents');
    const missing = [
      ...[...imageKeys].filter((k) => !fs.existsSync(path.join(imagesDir, k)) || list(path.join(imagesDir, k)).length === 0).map((k) => `images/${k}`),
      ...[...documentKeys].filter((k) => !fs.existsSync(path.join(documentsDir, k))).map((k) => `documents/${k}`),
    ];
    const orphans = [
      ...list(imagesDir).filter((k) => !imageKeys.has(k)).map((k) => `images/${k}`),
      ...list(documentsDir).filter((k) => !documentKeys.has(k)).map((k) => `documents/${k}`),
    ];
    const partials = list(path.join(dataDir, 'tmp')).map((f) => `tmp/${f}`);
    return { missing, orphans, partials };
  } finally {
    db.close();
  }
}

// What a test can say about the stored state from outside the server, on either engine: a checksum of
// every table's rows (to prove a rejected request changed nothing), SQLite's own integrity check, and
// whether the rows and the files under DATA_DIR still agree (no row without its file, no file without its row).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, openSqlite, rows, sqlText, type Db } from '@app/db';
import type { TestServer } from './server.ts';

/** Where a server's database is: its SQLite file, or its PostgreSQL database when the tests run there. */
export type DatabaseOf = Pick<TestServer, 'databasePath' | 'databaseUrl'>;

/**
 * A connection of its own to the running server's database, kept open across checks (close it with
 * `$close()`). On SQLite WAL lets it read while the server writes.
 */
export function openReader(server: DatabaseOf): Promise<Db> {
  if (!server.databaseUrl && !fs.existsSync(server.databasePath)) throw new Error(`no database at ${server.databasePath}`);
  return openDatabase({ url: server.databaseUrl, path: server.databasePath, poolSize: 1 });
}

/** The limits' counters (sign-in and form floods): every attempt counts, a refused one too, by design. */
export const LIMIT_COUNTERS = 'rate_limit_hits';

/** The application's tables (not the engine's own, nor SQLite's full-text index shadows), by name. */
async function tableNames(db: Db): Promise<string[]> {
  const query =
    db.$engine === 'postgres'
      ? "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1"
      : "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' order by name";
  return (await rows<{ name: string }>(db, sqlText(query))).map((t) => t.name);
}

/** The change counter for the page caches of every instance (decisions 085, 109): bumped after an administrator's page write. */
const isChangeCounter = (table: string, row: Record<string, unknown>) => table === 'app_meta' && row.key === 'data_version';

/**
 * Every row of every table (but the change counter), each as one line of JSON, sorted: the stored state
 * whatever order the engine returns rows in (PostgreSQL's heap order moves with updates).
 */
export async function tableRows(db: Db, ignore: string[] = []): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tableNames(db)) {
    if (ignore.includes(table)) continue;
    const stored = (await rows(db, sqlText(`select * from "${table}"`))).filter((row) => !isChangeCounter(table, row));
    const lines = stored.map((row) =>
      JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v)),
    );
    out[table] = lines.sort();
  }
  return out;
}

/**
 * One hash per table of its rows, so a difference names the table that changed.
 * Tables the server rewrites on its own schedule (nothing the request did) can be left out.
 */
export async function tableChecksums(db: Db, ignore: string[] = []): Promise<Record<string, string>> {
  const tables = await tableRows(db, ignore);
  return Object.fromEntries(
    Object.entries(tables).map(([table, lines]) => [table, createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)]),
  );
}

/** Tables whose checksum differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]);

/** SQLite's check of its own file ('ok' when sound): SQLite storage only, PostgreSQL has no such file. */
export function integrityCheck(databasePath: string): string {
  const db = openSqlite(databasePath);
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

/** Compares the storage keys in the server's database with DATA_DIR/images, documents and tmp. */
export async function auditFiles(server: DatabaseOf & Pick<TestServer, 'dataDir'>): Promise<FileAudit> {
  const db = await openReader(server);
  const keys = async (table: string) =>
    (await rows<{ key: string }>(db, sqlText(`select storage_key as key from ${table}`))).map((r) => r.key);
  try {
    const imageKeys = new Set(await keys('product_images'));
    const documentKeys = new Set([...(await keys('product_documents')), ...(await keys('technical_documents'))]);
    const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const imagesDir = path.join(server.dataDir, 'images');
    const documentsDir = path.join(server.dataDir, 'documents');
    const missing = [
      ...[...imageKeys]
        .filter((k) => !fs.existsSync(path.join(imagesDir, k)) || list(path.join(imagesDir, k)).length === 0)
        .map((k) => `images/${k}`),
      ...[...documentKeys].filter((k) => !fs.existsSync(path.join(documentsDir, k))).map((k) => `documents/${k}`),
    ];
    const orphans = [
      ...list(imagesDir)
        .filter((k) => !imageKeys.has(k))
        .map((k) => `images/${k}`),
      ...list(documentsDir)
        .filter((k) => !documentKeys.has(k))
        .map((k) => `documents/${k}`),
    ];
    const partials = list(path.join(server.dataDir, 'tmp')).map((f) => `tmp/${f}`);
    return { missing, orphans, partials };
  } finally {
    await db.$close();
  }
}

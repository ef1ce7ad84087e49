// Backup and restore on PostgreSQL with its own tools: pg_dump's custom format (compressed, consistent
// snapshot while the server writes) and pg_restore --clean, which replaces every object of the dump.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { writePrivateFile } from '../private-file.ts';

const run = promisify(execFile);

/**
 * The folder of pg_dump/pg_restore: PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin
 * (Debian installs them there, not on PATH, and pg_dump must be at least the server's version), else PATH.
 */
export function pgBinDir(env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.PG_BIN_DIR) return env.PG_BIN_DIR;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const newest = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_dump')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest && path.join(base, newest, 'bin');
}

const tool = (name: string) => {
  const dir = pgBinDir();
  return dir ? path.join(dir, name) : name;
};

/** Dumps the database at `url` to `destination` (written under a temporary name, then renamed). */
export function dumpPostgres(url: string, destination: string): Promise<string> {
  return writePrivateFile(destination, (partial) =>
    run(tool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${url}`]),
  );
}

/** Replaces the contents of the database at `url` with the dump, in one transaction: all or nothing. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}`);
  await run(tool('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    path.resolve(file),
  ]);
}

export function defaultDumpName(now = new Date()): string {
  return `app-${now.toISOString().replace(/[:.]/g, '-')}.dump`;
}

// The operations guide's backup and restore of the database, through the real commands, on the engine
// the tests run on: on SQLite `db:backup` writes the copy straight where the restored server reads it;
// on PostgreSQL it writes a pg_dump file that `db:restore` loads into the restored folder's database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { databaseEnv, onPostgres, repoRoot, type TestServer } from './server.ts';
import { testTempDir } from './temp-dirs.ts';

const run = promisify(execFile);
const command = (script: string, args: string[], env: Record<string, string | undefined>) =>
  run(process.execPath, [path.join(repoRoot, 'db/src/cli', script), ...args], { cwd: repoRoot, env: { ...process.env, ...env } });

/** `npm run db:backup` of the running server's database, for a restore into targetDir; resolves to its output. */
export async function backupFor(server: TestServer, targetDir: string): Promise<{ file: string; stdout: string }> {
  const file = onPostgres() ? path.join(testTempDir('pm-dump'), 'app.dump') : (await databaseEnv(targetDir)).DATABASE_PATH;
  const { stdout } = await command('backup.ts', [file], await databaseEnv(server.dataDir));
  return { file, stdout };
}

/** Makes the backup targetDir's database: already in place on SQLite, `npm run db:restore` on PostgreSQL. */
export async function restoreInto(targetDir: string, backup: { file: string }): Promise<void> {
  if (onPostgres()) await command('restore.ts', [backup.file], await databaseEnv(targetDir));
}

// Starts the real server process (api/src/server.ts) on a free port with its own temporary SQLite
// file and data folder, and collects what it logs. The way a user runs it, minus the build step.
// When the test process runs on PostgreSQL (DATABASE_URL set, as in the *-pg test projects), each data
// folder gets its own fresh database of the throwaway cluster instead (tests/support/postgres.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { engineOf } from '@app/db';
import { createDatabase } from './postgres.ts';
import { onBeforeRemoval, testTempDir } from './temp-dirs.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  databasePath: string;
  /** The PostgreSQL database this server runs on, when the tests run on PostgreSQL. */
  databaseUrl?: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Calls the API: path relative to /api, JSON body encoded when an object is given. */
  api(pathname: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  process: ChildProcess;
};

export type StartOptions = {
  env?: Record<string, string>;
  /** Serve the built site and admin too (needs `npm run build`); default: API only. */
  full?: boolean;
  /** Reuse an existing data folder (restart scenarios). */
  dataDir?: string;
};

// Servers still running when their file's tests are done (a test that failed before stopping its own) are
// killed before their data folders are removed (temp-dirs.ts).
const running = new Set<ChildProcess>();
onBeforeRemoval(() => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  // A folder made here lives until the file's tests are done: a later server may restart on it.
  const dataDir = options.dataDir ?? testTempDir('pm-test');
  const database = await databaseEnv(dataDir);
  const databasePath = database.DATABASE_PATH;
  const databaseUrl = database.DATABASE_URL;
  let output = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ...database,
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'Initial-Passw0rd!',
      SMTP_ALLOW_LOCAL: 'true',
      API_ONLY: options.full ? 'false' : 'true',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // else it starts later on its own, writing into a folder being removed
      reject(new Error(`server did not start:\n${output}`));
    }, 30_000);
    const onData = () => {
      const match = /"msg":"listening","port":(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    dataDir,
    databasePath,
    databaseUrl,
    process: child,
    output: () => output,
    api(pathname, init = {}) {
      const { json, token, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (token) h.set('authorization', `Bearer ${token}`);
      return fetch(`${url}/api${pathname}`, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await exited;
    },
  };
}

export const onPostgres = () => engineOf(process.env) === 'postgres';

export type DatabaseEnv = { DATA_DIR: string; DATABASE_PATH: string; DATABASE_URL?: string };

/**
 * The environment that points a process at the database of a data folder: its SQLite file, or on
 * PostgreSQL its own database. A server started on that folder and a CLI run with it (seed, backup,
 * reset-password) share the same database.
 */
export async function databaseEnv(dataDir: string): Promise<DatabaseEnv> {
  const url = await postgresFor(dataDir);
  return { DATA_DIR: dataDir, DATABASE_PATH: path.join(dataDir, 'app.db'), ...(url ? { DATABASE_URL: url } : {}) };
}

/** The database of a data folder with no server running on it (before its first start, after a restore). */
export async function databaseOf(dataDir: string): Promise<Pick<TestServer, 'databasePath' | 'databaseUrl'>> {
  const env = await databaseEnv(dataDir);
  return { databasePath: env.DATABASE_PATH, databaseUrl: env.DATABASE_URL };
}

/** On PostgreSQL, the database of a data folder: a fresh copy of the migrated template, kept for restarts. */
// The promise is kept, so servers started at once on one folder share one database.
const databases = new Map<string, Promise<string>>();
async function postgresFor(dataDir: string): Promise<string | undefined> {
  if (!onPostgres()) return undefined;
  let url = databases.get(dataDir);
  if (!url) databases.set(dataDir, (url = createDatabase(inject('postgresAdminUrl'))));
  return url;
}

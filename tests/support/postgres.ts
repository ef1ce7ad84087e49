// A throwaway PostgreSQL cluster for the tests: Debian's binaries, initdb in a temporary folder as an
// unprivileged user, on a free loopback port, with durability off for speed. One migrated template
// database; every test file or server gets a copy of it (CREATE DATABASE … TEMPLATE) in milliseconds.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgresDb, runPostgresMigrations } from '@app/db/postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const TEMPLATE_DB = 'pm_template';

const isRoot = () => process.getuid?.() === 0;

/**
 * The folder of initdb and pg_ctl, from scripts/ensure-postgres.sh: PG_BIN_DIR or Debian's newest
 * /usr/lib/postgresql/<version>/bin; as root on Debian it installs the package first, else it says what to run.
 */
export function ensurePgBin(): string {
  const found = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (found.status !== 0) throw new Error('PostgreSQL 15 or newer is needed for these tests (see the message above)');
  return found.stdout.trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Cluster = {
  /** Connection URL of a database of this cluster. */
  url(database: string): string;
  bin: string;
  stop(): Promise<void>;
};

/** initdb refuses to run as root: as root the cluster belongs to the `postgres` user (created by the package). */
function asOwner(bin: string, args: string[], dir: string) {
  const command = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command[0] as string, command[1] as string[], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startCluster(): Promise<Cluster> {
  const bin = ensurePgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  asOwner(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'],
    dir,
  );
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // A test cluster is thrown away: nothing needs to survive a crash.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=64MB',
  ].join(' ');
  asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'], dir);

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  // A run that ends early (an error in a hook, process.exit) must not leave a server behind.
  process.once('exit', stop);
  return {
    url,
    bin,
    async stop() {
      process.off('exit', stop);
      stop();
    },
  };
}

/** Runs one statement on the cluster's maintenance database. */
async function admin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the migrated template; resolves to its URL. */
export async function createDatabase(adminUrl: string, template = TEMPLATE_DB): Promise<string> {
  const name = `pm_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name} template ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty database (no migrations), for tests of the migrations themselves. */
export async function createEmptyDatabase(adminUrl: string): Promise<string> {
  return createDatabase(adminUrl, 'template0');
}

/**
 * A cluster holding the migrated template database that createDatabase() copies: the vitest globalSetup's
 * and the bench's (BENCH_ENGINE=postgres). Resolves to the cluster and its maintenance database's URL.
 */
export async function startTemplateCluster(): Promise<{ cluster: Cluster; adminUrl: string }> {
  const cluster = await startCluster();
  try {
    const adminUrl = cluster.url('postgres');
    const template = await createDatabase(adminUrl, 'template0');
    const db = openPostgresDb(template, { poolSize: 1 });
    await runPostgresMigrations(db);
    await db.$close();
    // Rename the migrated copy to the template name (a template may have no open connection).
    await admin(adminUrl, `alter database ${new URL(template).pathname.slice(1)} rename to ${TEMPLATE_DB}`);
    return { cluster, adminUrl };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

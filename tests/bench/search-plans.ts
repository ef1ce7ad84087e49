// The PostgreSQL plans of the bench's search queries (SEARCH_QUERIES) on a seeded catalogue, for decision 084:
// `node tests/bench/search-plans.ts [listings]` (default 100000, in a throwaway cluster). Each query is asked
// once through the API app in process, with the facet counts forgotten first (as after another writer's
// commit), and every statement on the listings it sends is shown with EXPLAIN (ANALYZE, BUFFERS).
// PLANS_WITHOUT=products_brand_power_idx shows the plans without that index.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { announceChange, type Db } from '@app/db';
import { poolOf } from '@app/db/postgres';
import { boot } from '../../api/src/boot.ts';
import { repoRoot } from '../support/server.ts';
import { engineHost } from './engines.ts';
import { SEARCH_QUERIES } from './search.ts';

type Statement = { text: string; values: unknown[] };

/** Every statement the PostgreSQL handle sends while `run` runs. */
function recorder(db: Db): { during(run: () => Promise<unknown>): Promise<Statement[]> } {
  let seen: Statement[] | undefined;
  const pool = poolOf(db) as unknown as { query: (config: unknown, values?: unknown[]) => unknown };
  const query = pool.query.bind(pool);
  pool.query = (config: unknown, values?: unknown[]) => {
    const c = config as { text?: string; values?: unknown[] };
    seen?.push({ text: typeof config === 'string' ? config : (c.text ?? ''), values: values ?? c.values ?? [] });
    return query(config, values);
  };
  return {
    async during(run) {
      seen = [];
      await run();
      const out = seen;
      seen = undefined;
      return out;
    },
  };
}

async function explain(url: string, s: Statement): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
    return res.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

const listings = Number(process.argv[2] ?? 100_000);
// The engine of a process is chosen at start by DATABASE_URL (the real one comes from the cluster below).
if (!process.env.DATABASE_URL) {
  spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: 'postgres://throwaway-cluster/' },
  });
  process.exit();
}
const host = await engineHost('postgres');
try {
  const databaseEnv = await host.databaseEnv();
  // Seeded with the bench's seed CLI on the cluster's database (seededDataDir would ask the test runner for one).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-plans-'));
  const seeded = spawnSync(process.execPath, [path.join(repoRoot, 'tests/bench/seed-listings.ts'), String(listings)], {
    stdio: 'inherit',
    env: { ...process.env, ...databaseEnv, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  if (seeded.status !== 0) throw new Error(`seed exited with ${seeded.status}`);
  const { deps, app } = await boot({
    ...process.env,
    ...databaseEnv,
    DATA_DIR: dataDir,
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    LOG_LEVEL: 'warn',
  });
  // PLANS_WITHOUT=index,…: the plans as they were before those indexes.
  for (const index of (process.env.PLANS_WITHOUT ?? '').split(',').filter(Boolean)) await poolOf(deps.db).query(`drop index ${index}`);
  const recording = recorder(deps.db);
  for (const query of SEARCH_QUERIES) {
    // Forgets the remembered facet counts the way an announced write does.
    await announceChange(deps.db);
    const statements = await recording.during(async () => {
      const res = await app.fetch(new Request(`http://localhost${query}`));
      if (res.status !== 200) throw new Error(`${query} answered ${res.status}`);
    });
    process.stdout.write(`\n### ${query}\n`);
    for (const s of statements.filter((x) => /\bproducts\b/.test(x.text) && /^\s*select/i.test(x.text))) {
      process.stdout.write(`\n${s.text}\n${JSON.stringify(s.values)}\n${await explain(databaseEnv.DATABASE_URL!, s)}\n`);
    }
  }
  await deps.db.$close();
} finally {
  await host.stop();
}

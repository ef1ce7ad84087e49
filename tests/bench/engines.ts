// Where the bench's catalogues live (BENCH_ENGINE): SQLite's file in each data folder (the default), or
// on PostgreSQL a fresh copy of the migrated template in a throwaway cluster (tests/support/postgres.ts)
// started for the run and removed at its end, failures included. The seed and the server reach it
// through DATABASE_URL, the way an operator runs them.
import { createDatabase, startTemplateCluster, type Cluster } from '../support/postgres.ts';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type BenchEngine = (typeof ENGINES)[number];
export const ENGINE_NAMES: Record<BenchEngine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** BENCH_ENGINE: `sqlite` (default), `postgres`, or `both` (one after the other). */
export function chosenEngines(value = process.env.BENCH_ENGINE ?? 'sqlite'): BenchEngine[] {
  if (value === 'both') return [...ENGINES];
  if ((ENGINES as readonly string[]).includes(value)) return [value as BenchEngine];
  throw new Error(`BENCH_ENGINE: ${value} is not one of sqlite, postgres, both`);
}

export type EngineHost = {
  engine: BenchEngine;
  /** The environment of one catalogue's seed and server: a new database on PostgreSQL, nothing on SQLite. */
  databaseEnv(): Promise<Record<string, string>>;
  stop(): Promise<void>;
};

export async function engineHost(engine: BenchEngine): Promise<EngineHost> {
  if (engine === 'sqlite') return { engine, databaseEnv: async () => ({}), stop: async () => {} };
  const { cluster, adminUrl }: { cluster: Cluster; adminUrl: string } = await startTemplateCluster();
  return {
    engine,
    databaseEnv: async () => ({ DATABASE_URL: await createDatabase(adminUrl) }),
    stop: () => cluster.stop(),
  };
}

// Which database a configuration names (docs/decisions/084): DATABASE_URL=postgres://… or
// postgresql://… selects PostgreSQL; without it, the SQLite file at DATABASE_PATH.
import type { Engine } from './database.ts';

export function engineOf(env: Record<string, string | undefined>): Engine {
  const url = env.DATABASE_URL?.trim();
  if (!url) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  throw new Error(`DATABASE_URL must start with postgres:// or postgresql:// (got "${url.split(':')[0]}:…")`);
}

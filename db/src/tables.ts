// `schema` as query code imports it: the tables of this process's engine, typed as the SQLite ones.
// The PostgreSQL tables have the same names, columns and row types (pg/schema-parity.test.ts), so one
// query written against this object runs on either engine.
import { engine } from './engine.ts';
import * as sqliteTables from './schema/index.ts';

// The PostgreSQL tables (and drizzle's pg-core) are loaded only by a PostgreSQL process (decision 123).
export const schema: typeof sqliteTables =
  engine === 'postgres' ? ((await import('./pg/schema/index.ts')) as unknown as typeof sqliteTables) : sqliteTables;

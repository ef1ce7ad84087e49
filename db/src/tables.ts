// `schema` as query code imports it: the tables of this process's engine, typed as the SQLite ones.
// The PostgreSQL tables have the same names, columns and row types (pg/schema-parity.test.ts), so one
// query written against this object runs on either engine.
//
// The one choice of engine made as a module loads: query modules keep tables in module constants
// (`const p = schema.products`), so the tables must be known before any of them runs. openDatabase()
// refuses a database of the other engine.
import { engineOf } from './engine.ts';
import * as sqliteTables from './schema/index.ts';

/** The engine whose tables `schema` holds: DATABASE_URL as the process started. */
export const tablesEngine = engineOf(process.env);

// The PostgreSQL tables (and drizzle's pg-core) are loaded only by a PostgreSQL process (decision 123).
export const schema: typeof sqliteTables =
  tablesEngine === 'postgres' ? ((await import('./pg/schema/index.ts')) as unknown as typeof sqliteTables) : sqliteTables;

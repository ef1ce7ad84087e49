export * from './connection.ts';
export * from './migrate.ts';
export * from './backup.ts';
// The SQLite tables as types only (row types, column types): values come from the open handle, tablesOf(db).
export type * as schema from './schema/index.ts';
// The price sort keys: the same SQL on both engines (the PostgreSQL tables' indexes repeat it: pg/schema/catalogue.ts).
export { priceSortKeys } from './schema/catalogue.ts';
export * from './database.ts';
export * from './transaction-guard.ts';
export * from './sqlite.ts';
export * from './data-version.ts';
export { engineOf } from './engine.ts';
export { openDatabase, type DatabaseConfig } from './open.ts';
export { dialectOf, containsPattern } from './dialect.ts';

export * from './connection.ts';
export * from './migrate.ts';
export * from './backup.ts';
export { schema } from './tables.ts';
export * from './database.ts';
export * from './data-version.ts';
export { engineOf } from './engine.ts';
export { openDatabase, type DatabaseConfig } from './open.ts';
export { dialectOf, containsPattern } from './dialect.ts';

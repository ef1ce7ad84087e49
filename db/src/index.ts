export * from './connection.ts';
export * from './migrate.ts';
export * from './backup.ts';
export * as schema from './schema/index.ts';
export * from './database.ts';
export * from './data-version.ts';

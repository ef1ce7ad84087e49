export * from './connection.ts';
export * from './migrate.ts';
export * from './backup.ts';
export * as schema from './schema/index.ts';

export * from './connection.ts';
export * from './migrate.ts';
export * from './backup.ts';
export { schema } from './tables.ts';
export * from './database.ts';
export { engine, engineOf } from './engine.ts';
export { openDatabase, migrateDatabase, type DatabaseConfig } from './open.ts';
export { openPostgresDb, poolOf } from './pg/connection.ts';
export { runPostgresMigrations, pgMigrationsFolder } from './pg/migrate.ts';

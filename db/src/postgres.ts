// The PostgreSQL side of the data layer, for code that opens PostgreSQL itself (tests, benches, CLIs).
// Not re-exported by index.ts: a SQLite process never loads it (decision 123).
export { openPostgresDb, poolOf } from './pg/connection.ts';
export { runPostgresMigrations, pgMigrationsFolder } from './pg/migrate.ts';

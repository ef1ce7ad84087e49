// `pnpm db:restore <file>`: replaces the PostgreSQL database at DATABASE_URL with a `db:backup` dump.
// Stop the instances first (docs/operations.md). A SQLite backup is restored by copying the file.
import { engineOf } from '../engine.ts';
import { restorePostgres } from '../pg/dump.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(2);
}
if (engineOf(process.env) !== 'postgres') {
  console.error(
    `DATABASE_URL is not set: on SQLite, stop the server and copy the backup over DATABASE_PATH (cp ${file} "$DATABASE_PATH"), see docs/operations.md`,
  );
  process.exit(2);
}
await restorePostgres(process.env.DATABASE_URL!, file);
console.log(`Database restored from ${file}`);

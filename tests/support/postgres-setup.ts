// vitest globalSetup: one throwaway cluster per run, with the migrated template every test copies.
// Tests reach it through inject('postgresAdminUrl') and createDatabase() (tests/support/postgres.ts).
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgresDb, runPostgresMigrations } from '@app/db';
import { createDatabase, startCluster, TEMPLATE_DB } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  const adminUrl = cluster.url('postgres');
  const template = await createDatabase(adminUrl, 'template0');
  const db = openPostgresDb(template, { poolSize: 1 });
  await runPostgresMigrations(db);
  await db.$close();
  // Rename the migrated copy to the template name (a template may have no open connection).
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`alter database ${new URL(template).pathname.slice(1)} rename to ${TEMPLATE_DB}`);
  await client.end();
  project.provide('postgresAdminUrl', adminUrl);
  return () => cluster.stop();
}

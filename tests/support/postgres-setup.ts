// vitest globalSetup: one throwaway cluster per run, with the migrated template every test copies.
// Tests reach it through inject('postgresAdminUrl') and createDatabase() (tests/support/postgres.ts).
import type { TestProject } from 'vitest/node';
import { startTemplateCluster } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const { cluster, adminUrl } = await startTemplateCluster();
  project.provide('postgresAdminUrl', adminUrl);
  return () => cluster.stop();
}

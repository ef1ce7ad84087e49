// Two real server processes on one database and one DATA_DIR, as behind a load balancer (issue 15,
// docs/decisions/085). The first one starts alone (it migrates and creates the first administrator),
// then the second joins on the same files. Either can be killed with SIGKILL by its TestServer.stop.
import { startServer, type StartOptions, type TestServer } from './server.ts';

export type Instances = {
  a: TestServer;
  b: TestServer;
  /** The shared data folder (and the database file in it). */
  dataDir: string;
  databasePath: string;
  /** Stops whichever of the two is still running. */
  stop(): Promise<void>;
};

export type InstancesOptions = Pick<StartOptions, 'full'> & {
  /** For both instances. */
  env?: Record<string, string>;
  /** For one instance only, on top of env. */
  envA?: Record<string, string>;
  envB?: Record<string, string>;
};

export async function startInstances({ full, env = {}, envA = {}, envB = {} }: InstancesOptions = {}): Promise<Instances> {
  const a = await startServer({ full, env: { ...env, ...envA } });
  let b: TestServer;
  try {
    b = await startServer({ full, dataDir: a.dataDir, env: { ...env, ...envB } });
  } catch (err) {
    await a.stop();
    throw err;
  }
  return {
    a,
    b,
    dataDir: a.dataDir,
    databasePath: a.databasePath,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}

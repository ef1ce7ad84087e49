// What every route and service receives: the database, configuration and logger of this process.
import type { TimingVariables } from 'hono/timing';
import type { Db } from '@app/db';
import type { Env } from './env.ts';
import type { Logger } from './services/logger.ts';

export type Deps = {
  db: Db;
  env: Env;
  log: Logger;
};

/** The signed-in user, set by requireAdmin / requireSession. */
export type SessionUser = { id: number; email: string; name: string; role: string; mustChangePassword: boolean };

export type AppEnv = {
  Variables: TimingVariables & {
    user: SessionUser;
    sessionId: string;
  };
};

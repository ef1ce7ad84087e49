// Process configuration, parsed once at boot; a bad value stops the start with a readable list.
import path from 'node:path';
import { z } from 'zod';
import { companyFromEnv, type Company } from '@app/domain/company';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('./data/app.db'),
  /** postgres://… or postgresql://… runs on PostgreSQL (15+); unset, on the SQLite file at DATABASE_PATH. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** PostgreSQL connections per process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_ALLOW_LOCAL: flag,
  TRUST_PROXY: flag,
  /** Webhooks may target loopback and private addresses (development, tests); link-local and metadata addresses never. */
  WEBHOOKS_ALLOW_LOCAL: flag,
  /** Webhooks: first retry delay (×3 each time, with jitter), and how often due deliveries are polled. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(10).default(5_000),
  /** 64 hex characters; otherwise a key file is created in DATA_DIR on first start. */
  MAIL_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  /** Outgoing mail: first retry delay (doubles each time), outbox/newsletter polling, newsletter rate (0 = no limit). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(10).default(10_000),
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().min(0).default(20),
  /** How long an instance keeps the outbox mails and newsletter deliveries it claimed before another may take them over. */
  MAIL_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** A refresh token presented again this long after its rotation gets fresh tokens instead of revoking the session (a lost answer). */
  REFRESH_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** How long an Idempotency-Key claim outlives its instance; renewed while its request runs. */
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Requests per minute each API token may make to guarded routes; over it, 429 with Retry-After. */
  API_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Tests only (NODE_ENV=test): a file holding milliseconds added to the clock that decides API token expiry. */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  /** Tests only (NODE_ENV=test): a keyed request with `X-Test-Hold: <name>` waits after its claim while this folder holds that file. */
  TEST_HOLD_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Serve only the API (no site, no admin). */
  API_ONLY: flag,
});

/** Every variable parsed here, by name (the README's configuration table lists them: tests/house/readme-config.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & { publicUrl: string; dataDir: string; databasePath: string; company: Company };

/** The database settings for openDatabase(): PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export const databaseConfig = (env: Env) => ({ url: env.DATABASE_URL, path: env.databasePath, poolSize: env.DATABASE_POOL_SIZE });

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (as `.env` files and shells often leave them) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.TEST_HOLD_DIR && present.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  - TEST_HOLD_DIR: only with NODE_ENV=test');
  if (env.TEST_CLOCK_FILE && present.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  - TEST_CLOCK_FILE: only with NODE_ENV=test');
  return {
    ...env,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databasePath: env.DATABASE_PATH === ':memory:' ? env.DATABASE_PATH : path.resolve(env.DATABASE_PATH),
    company: companyFromEnv(present),
  };
}

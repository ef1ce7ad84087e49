import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe('database settings', () => {
  it('runs on the SQLite file unless DATABASE_URL is set', () => {
    const env = parseEnv({ DATABASE_PATH: './data/x.db' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.databasePath).toMatch(/data\/x\.db$/);
    expect(env.DATABASE_POOL_SIZE).toBe(10);
  });

  it('accepts postgres:// and postgresql:// URLs and a pool size', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://app@db:5432/app' }).DATABASE_URL).toBe('postgres://app@db:5432/app');
    expect(parseEnv({ DATABASE_URL: 'postgresql://app:pw@db/app', DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
  });

  it('refuses another scheme or a pool of no connection, naming the variable', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://app@db/app' })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://app@db/app' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

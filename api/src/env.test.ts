import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRenderThreads, parseEnv } from './env.ts';

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

describe('render threads', () => {
  it('leave one core to the main thread by default, at most 4, none on one core', () => {
    expect([1, 2, 3, 4, 8, 64].map(defaultRenderThreads)).toEqual([0, 1, 2, 3, 4, 4]);
  });
  it('are as many as RENDER_THREADS says when it is set', () => {
    expect(parseEnv({ RENDER_THREADS: '3' }).renderThreads).toBe(3);
    expect(parseEnv({ RENDER_THREADS: '0' }).renderThreads).toBe(0);
  });
});

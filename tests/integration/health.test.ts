import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

describe('API health and error shape', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('reports a healthy database with its migrations applied', async () => {
    const res = await server.api('/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('ok');
    expect(body.database.migrations).toBeGreaterThanOrEqual(2);
  });

  it('answers an unknown API route with 404 and an error field', async () => {
    const res = await server.api('/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('stops gracefully on SIGTERM', async () => {
    const other = await startServer();
    await other.stop('SIGTERM');
    expect(other.process.exitCode).toBe(0);
  });
});

// Engine-free: the company's details come from configuration, read back with GET only.
// GET /api/company: clients read the company's public details from configuration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

describe('company details', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { COMPANY_BRAND: 'Marine Diesel Sud', COMPANY_PHONE_EN: '+44 20 7946 0000' } });
  });
  afterAll(() => server?.stop());

  it('answers the configured brand and per-language contacts without authentication', async () => {
    const res = await server.api('/company');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.brand).toBe('Marine Diesel Sud');
    expect(body.phone).toEqual({ fr: expect.any(String), en: '+44 20 7946 0000' });
    expect(body.address.city).toBe('Salon-de-Provence');
    expect(JSON.stringify(body)).not.toMatch(/siret|password|key/i);
  });
});

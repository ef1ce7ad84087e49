// The route-family map is the one place that says what an API token reaches: every route the app
// answers belongs to a family, so a new route cannot escape it, and every guarded route's family says
// which token resource it is (or that no token reaches it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot } from '../boot.ts';
import { readMeta } from './openapi-meta.ts';
import { answeredRoutes } from './openapi-document.ts';
import { familyOf, grants, NEVER, PUBLIC, tokenMayReach } from './token-access.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'token-access-'));
const { app, deps } = await boot({ DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test' });
afterAll(async () => {
  await deps.db.$close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Whether a bearer guard stands in front of the route, inline or mounted with `.use()`. */
const covers = (pattern: string, p: string) => (pattern.endsWith('/*') ? p.startsWith(pattern.slice(0, -1)) : pattern === p);
const guarded = (method: string, p: string) =>
  app.routes.some(
    (r) =>
      (r.method === method || (r.method === 'ALL' && r.path !== '/api/*')) &&
      covers(r.path, p) &&
      readMeta(r.handler)?.security === 'bearer',
  );

describe('what an API token reaches', () => {
  it('puts every route the app answers in a family', () => {
    const routes = answeredRoutes(app.routes);
    expect(routes.length).toBeGreaterThanOrEqual(80);
    expect(routes.filter((key) => familyOf(key.split(' ')[1]!) === undefined)).toEqual([]);
  });

  it('gives every guarded route a token resource or none, never the public family', () => {
    const keys = answeredRoutes(app.routes).filter((key) => guarded(...(key.split(' ') as [string, string])));
    expect(keys).toEqual(
      expect.arrayContaining(['POST /api/products', 'GET /api/smtp/accounts', 'GET /api/auth/profile', 'GET /api/admin/api-tokens']),
    );
    expect(keys.length).toBeGreaterThanOrEqual(40);
    const classified = new Map(keys.map((key) => [key, familyOf(key.split(' ')[1]!)]));
    expect([...classified].filter(([, family]) => family === PUBLIC)).toEqual([]);
    // Unguarded routes of a resource family stay public (the catalogue's reads, the contact form): a token changes nothing there.
    expect(classified.get('POST /api/products')).toBe('listings');
    expect(classified.get('GET /api/auth/profile')).toBe(NEVER);
  });

  it('never lets a token reach accounts, sessions or token management', () => {
    for (const p of [
      '/api/auth/login',
      '/api/auth/profile',
      '/api/auth/change-password',
      '/api/admin/api-tokens',
      '/api/admin/api-tokens/1/regenerate',
      '/api/admin/webhooks',
    ])
      expect([p, familyOf(p)]).toEqual([p, NEVER]);
    expect(tokenMayReach({ access: 'full', permissions: null }, 'GET', '/api/admin/api-tokens')).toBe('never');
  });

  it('matches on whole segments, the longest prefix first', () => {
    expect(familyOf('/api/newsletter/admin/stats')).toBe('newsletter');
    expect(familyOf('/api/newsletter/subscribe')).toBe(PUBLIC);
    expect(familyOf('/api/admin/technical-documents/3')).toBe('technicalDocuments');
    expect(familyOf('/api/productsx')).toBeUndefined();
    expect(familyOf('/api/smtp')).toBe('mailAccounts');
  });

  it('grants read-only the reads, full the writes too, mail accounts to custom only', () => {
    expect(grants('read-only', null, 'listings', 'read')).toBe(true);
    expect(grants('read-only', null, 'listings', 'write')).toBe(false);
    expect(grants('full', null, 'messages', 'write')).toBe(true);
    expect(grants('full', null, 'mailAccounts', 'read')).toBe(false);
    expect(grants('custom', { mailAccounts: ['write'] }, 'mailAccounts', 'write')).toBe(true);
    expect(grants('custom', { mailAccounts: ['write'] }, 'mailAccounts', 'read')).toBe(false);
    expect(grants('custom', null, 'listings', 'read')).toBe(false);
  });
});

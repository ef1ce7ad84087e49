// The site's preference cookies (the theme form, the `?lang=` switch) behind a reverse proxy that ends TLS:
// the server is reached over plain http, so only the configuration tells it the visitor is on https. With
// PUBLIC_URL on https every cookie it sets is Secure; with PUBLIC_URL on http (a plain-http setup, a dev
// machine) none is, or the browser would drop it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

type Setup = { publicUrl: string; server?: TestServer };
const servers: Record<'https' | 'http', Setup> = {
  https: { publicUrl: 'https://catalogue.example' },
  http: { publicUrl: 'http://catalogue.example' },
};
beforeAll(async () => {
  await Promise.all(
    Object.values(servers).map(async (s) => {
      s.server = await startServer({ full: true, env: { PUBLIC_URL: s.publicUrl, MAIL_WORKER_INTERVAL_MS: '3600000' } });
    }),
  );
});
afterAll(async () => {
  for (const s of Object.values(servers)) await s.server?.stop();
});

/**
 * What each way of choosing a preference answers, as the proxy forwards it over http (without
 * X-Forwarded-Proto: the configuration alone decides).
 */
const choices = {
  'the theme form': (s: Setup) =>
    fetch(`${s.server!.url}/preferences`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.publicUrl },
      body: new URLSearchParams({ theme: 'dark', next: '/annonces' }).toString(),
    }),
  'the ?lang= switch': (s: Setup) => fetch(`${s.server!.url}/annonces?lang=en`, { redirect: 'manual' }),
};

describe.each(Object.entries(choices))('%s behind a proxy that ends TLS', (_label, choose) => {
  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const res = await choose(servers.https);
    expect(res.status).toBe(303);
    const cookie = res.headers.get('set-cookie');
    expect(cookie).toMatch(/^(theme=dark|lang=en); Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
  });

  it('sets it without Secure when PUBLIC_URL is http, so a plain-http setup keeps it', async () => {
    const res = await choose(servers.http);
    expect(res.status).toBe(303);
    const cookie = res.headers.get('set-cookie');
    expect(cookie).toMatch(/^(theme=dark|lang=en); Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(cookie).not.toMatch(/secure/i);
  });
});

// Launches Debian's Chromium through playwright-core (no browser download), headless; and the usual
// journey setup: the real server (built site and admin) and a browser, started together, stopped after.
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type StartOptions, type TestServer } from './server.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Starts the full server (with `options.env`, if any) and Chromium before the suite's tests and stops both after them. */
export function serverAndBrowser(options: Pick<StartOptions, 'env'> = {}) {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer({ ...options, full: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

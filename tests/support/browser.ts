// Launches Debian's Chromium through playwright-core (no browser download), headless: its headless build,
// chromium-headless-shell, when installed (what `npm test` installs as root: decision 125); and the usual
// journey setup: the real server (built site and admin) and a browser, started together, stopped after.
import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type StartOptions, type TestServer } from './server.ts';

/** `npm test` sets CHROMIUM_PATH (scripts/ensure-chromium.sh); a file run on its own takes Debian's. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';

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
      ...(smallSharedMemory() ? ['--disable-dev-shm-usage'] : []),
    ],
  });
}

/**
 * Chromium keeps its shared memory in /dev/shm, unless told to use files in /tmp, which a container's 64 MB
 * /dev/shm needs. Where /dev/shm is large (24 GB here), the files cost about 14 % more CPU in three journey files.
 */
function smallSharedMemory() {
  try {
    const { bsize, blocks } = fs.statfsSync('/dev/shm');
    return bsize * blocks < 1024 ** 3;
  } catch {
    return true; // none: files it is
  }
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

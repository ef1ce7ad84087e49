// axe-core (WCAG 2.2 A and AA rules) on every admin screen, the sign-in page and the main dialogs
// included: light and dark, desktop and phone, no serious or critical violation. The public pages are
// checked in axe-every-screen-site.test.ts (tests/e2e/axe-screens.ts). One server and one browser for the
// whole file; one context per look, and one page load of the admin per look: it goes from screen to screen
// inside the running app (goInApp), as a user does.
import { describe, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { expectAccessible, withAxe } from './site-browser.ts';
import { goInApp, signInThroughUi } from './admin-support.ts';
import { adminScreens, axeFile, contextFor, heading, LOOKS } from './axe-screens.ts';

const { env, screens } = axeFile();

describe.each(LOOKS)('axe, $name', (look) => {
  it('finds nothing serious or critical on any admin screen, the sign-in page included', async () => {
    await signInAsAdmin(env.server);
    const context: BrowserContext = await withAxe(await env.browser.newContext(contextFor(look)));
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/login`);
    await heading(page, 'Connexion administrateur');
    await expectAccessible(page, `/admin/login (${look.name})`);
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    for (const screen of adminScreens(screens().seed)) {
      await goInApp(page, screen.path);
      await screen.ready(page);
      await expectAccessible(page, `${screen.path} (${look.name})`);
      if (screen.then) {
        const what = await screen.then(page);
        await expectAccessible(page, `${screen.path}, ${what} (${look.name})`);
      }
    }
    await context.close();
  });
});

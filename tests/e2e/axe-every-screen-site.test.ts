// axe-core (WCAG 2.2 A and AA rules) on every public page, in French and in English (the newsletter's
// double opt-in pages and its popup included): light and dark, desktop and phone, no serious or critical
// violation. The admin screens are checked in axe-every-screen-admin.test.ts (tests/e2e/axe-screens.ts).
// One server and one browser for the whole file; one context per look.
import { describe, it } from 'vitest';
import { dictionary } from '@app/domain/i18n/index';
import { expectAccessible, runUntilDialog, visitorContext, withAxe } from './site-browser.ts';
import { axeFile, contextFor, LOOKS, publicPaths } from './axe-screens.ts';

const { env, screens } = axeFile();

describe.each(LOOKS)('axe, $name', (look) => {
  it('finds nothing serious or critical on any public page, in French and in English', async () => {
    const context = await withAxe(await visitorContext(env.browser, contextFor(look)));
    const page = await context.newPage();
    for (const path of publicPaths(screens().seed)) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      await expectAccessible(page, `${path} (${look.name})`);
    }
    // A link that works: once its button is pressed, the page says it is done.
    for (const lang of ['fr', 'en'] as const) {
      const prefix = lang === 'en' ? '/en' : '';
      await page.goto(`${env.server.url}${prefix}/newsletter/desinscription?token=${screens().unsubscribeToken}`);
      await Promise.all([
        page.waitForURL(/desinscription/),
        page.getByRole('button', { name: dictionary(lang).newsletter.unsubscribeButton }).click(),
      ]);
      await page.getByRole('status').waitFor();
      await expectAccessible(page, `${prefix}/newsletter/desinscription, done (${look.name})`);
    }
    await context.close();
  });

  it('finds nothing serious or critical in the newsletter popup, in French and in English', async () => {
    // A first visit: no memory of the popup. Its delay is drawn by Math.random, which 0 makes the shortest (2 s),
    // and a fake clock goes past it at once. That clock flows as real time otherwise: axe-core waits on timers.
    const context = await withAxe(await env.browser.newContext(contextFor(look)));
    await context.addInitScript(() => {
      Math.random = () => 0;
    });
    await context.clock.install();
    const page = await context.newPage();
    for (const path of ['/', '/en/']) {
      await page.goto(`${env.server.url}${path}`);
      await runUntilDialog(page);
      await page.locator('.popup-backdrop.open').getByRole('dialog').waitFor();
      // Past its 300 ms opening animation, whose faded colours would be measured otherwise.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await expectAccessible(page, `newsletter popup on ${path} (${look.name})`);
    }
    await context.close();
  });
});

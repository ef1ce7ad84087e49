// On a phone (360 px wide), every public page fits the screen: nothing scrolls sideways.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';
import { contentPaths, seedSite, type SiteSeed } from './site-seed.ts';
import { visitorContext } from './site-browser.ts';

describe('public site on a phone', () => {
  const env = serverAndBrowser();
  let seed: SiteSeed;
  beforeAll(async () => {
    seed = await seedSite(env.server);
  });

  it('shows every page without horizontal scrolling, in both languages', async () => {
    const context = await visitorContext(env.browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const paths = [...contentPaths(seed), '/page-inconnue'];
    const overflowing: string[] = [];
    for (const p of [...paths, ...paths.map((x) => `/en${x === '/' ? '/' : x}`)]) {
      await page.goto(`${env.server.url}${p}`);
      const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (extra > 0) overflowing.push(`${p} (+${extra}px)`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });
});

// Helpers of the public-site journeys: axe-core checks, a page that will not show the newsletter
// popup (for journeys about something else), and reading the page's language and theme.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page (evaluated through DevTools, so the page's CSP stays as it is). Its 0.5 MB
 * source is sent and compiled once per document: a second check of the same document (a dialog opened
 * over a screen) runs the axe already there, and so does a document of a context made withAxe.
 */
export async function expectAccessible(page: Page, label: string) {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious)}`).toEqual([]);
}

/**
 * Puts axe-core in every document of the context as it loads (through DevTools too, so the CSP stays as
 * it is): for contexts that check many pages one after the other, where sending the source at each check
 * cost about 0.2 s a page.
 */
export async function withAxe(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ content: axeSource });
  return context;
}

/**
 * Moves the page's fake clock (installed by the test) on `step` ms at a time, `max` at most, until `shown`
 * matches one element: time passes as fast as the page reacts, instead of at the wall clock's pace.
 */
export async function runClockUntil(page: Page, shown: Locator, { step, max }: { step: number; max: number }) {
  let ran = 0;
  await expect
    .poll(
      async () => {
        if ((await shown.count()) === 0 && ran < max) {
          await page.clock.runFor(step);
          ran += step;
        }
        return shown.count();
      },
      { timeout: 15_000, interval: 20 },
    )
    .toBe(1);
}

/**
 * Moves the page's fake clock on a second at a time until the newsletter popup shows, 12 s at most, instead
 * of waiting its 2 to 10 s. Hydration is seen before React has run the popup's effect that arms its timer (on
 * a busy machine, after a first long runFor): the timing itself is checked by site-newsletter's test
 * "appears between 2 and 10 seconds".
 */
export const runUntilDialog = (page: Page) => runClockUntil(page, page.getByRole('dialog'), { step: 1_000, max: 12_000 });

/** A visitor who already subscribed: the popup stays away so other journeys are not interrupted. */
export async function visitorContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...options });
  await context.addInitScript(() => {
    try {
      localStorage.setItem('newsletter-popup', JSON.stringify({ subscribed: true, subscribedAt: Date.now() }));
    } catch {
      // Documents without storage (a downloaded file's view) have no popup either.
    }
  });
  return context;
}

/**
 * One visitor for the tests of a describe block: a page of its own context, opened before them and closed
 * after them, when no CSP violation or script error may have shown meanwhile. Read `visitor.page` in the tests.
 */
export function visitorPage(env: { browser: Browser }) {
  const visitor = {} as { page: Page };
  let context: BrowserContext | undefined;
  let errors: string[] = [];
  beforeAll(async () => {
    context = await visitorContext(env.browser);
    visitor.page = await context.newPage();
    errors = watchErrors(visitor.page);
  });
  afterAll(async () => {
    expect(errors, errors.join('\n')).toEqual([]);
    await context?.close();
  });
  return visitor;
}

export const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');
export const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Collects CSP violations and script errors, which no page may produce. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/**
 * The request a document's Preview tab makes for its file, once the tab exists (`context.waitForEvent('page')`), and
 * the answer to it. The tab is checked by what it asks for and what it gets, an inline PDF for the browser to show:
 * Chromium's headless shell, which the journeys drive (decision 125), has no PDF viewer and keeps the tab blank
 * where a desktop browser shows the file. Call it before the click: the tab may ask at once.
 */
export function previewOpened(context: BrowserContext) {
  const request = context.waitForEvent('request', (r) => r.isNavigationRequest() && /\/documents\/\d+\/preview$/.test(r.url()));
  return async (tab: Page) => {
    const asked = await request;
    expect(asked.frame().page()).toBe(tab);
    const answer = await asked.response();
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toBe('application/pdf');
    expect(answer?.headers()['content-disposition']).toMatch(/^inline\b/);
    return asked.url();
  };
}

// The newsletter popup in Chromium with a controlled clock (public-site sections 4 and 9): shown
// after 2 to 10 s, remembered for an hour once dismissed, closed 3 s after a subscription, never
// on the legal pages; then the double opt-in pages, whose buttons POST the token, in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dictionary, type Lang } from '@app/domain/i18n/index';
import { publicSite, specIn } from '../fixtures/spec-texts.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount, startSmtpServer, type TestSmtp } from '../support/smtp.ts';
import { expectAccessible, runClockUntil, runUntilDialog, watchErrors } from './site-browser.ts';

let server: TestServer;
let browser: Browser;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ full: true }), launchBrowser()]);
  const { accessToken } = await signInAsAdmin(server);
  const accountId = await createSmtpAccount(server, accessToken, smtp, { fromName: 'Newsletter', fromEmail: 'news@example.test' });
  await assignUsage(server, accessToken, 'newsletter', accountId, null);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

const dialog = (page: Page) => page.getByRole('dialog');
const memory = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('newsletter-popup') ?? '{}'));

/**
 * Stops the fake clock where it stands: from here on, its time moves only when the test runs it on, never
 * with real time (a busy machine would otherwise let a 3 s timer fire between two steps). pauseAt pauses
 * first, then jumps to the time asked for, and refuses a time already past: if real time overtook the
 * time read, the clock is stopped all the same, and the second try asks for the time it stopped at.
 */
async function pauseClock(page: Page) {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + 20);
    } catch (error) {
      if (attempt > 0 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** Opens a page under a fake clock, waits until the popup island is hydrated, then stops the clock. */
async function openWithClock(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.clock.install();
  // Added after the clock's own script, so it wraps the fake setTimeout: the fake time at which a timer of
  // 2 to 10 s (the popup's delay) was started, for the test that checks that delay (popupArmedAt).
  await page.addInitScript(() => {
    const fake = window.setTimeout;
    const armed: number[] = ((window as unknown as { popupArmedAt: number[] }).popupArmedAt = []);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (typeof delay === 'number' && delay >= 2_000 && delay <= 10_000) armed.push(Date.now());
      return fake(handler, delay, ...rest);
    }) as typeof window.setTimeout;
  });
  await page.goto(url);
  // client:idle hydration waits for an idle period, which the fake clock has to let happen: each poll
  // moves it on 100 ms (5 s at most) until the island is hydrated.
  await runClockUntil(page, page.locator('astro-island[component-url*="NewsletterPopup"]:not([ssr])'), { step: 100, max: 5_000 });
  await pauseClock(page);
  return page;
}

describe.each(['fr', 'en'] as Lang[])('newsletter popup in %s', (lang) => {
  const t = dictionary(lang).newsletter;
  const prefix = lang === 'en' ? '/en' : '';
  let context: BrowserContext;
  let errors: string[] = [];

  beforeAll(async () => {
    context = await browser.newContext();
  });
  afterAll(async () => {
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('appears between 2 and 10 seconds, as a titled dialog with the consent wording and the privacy link', async () => {
    const page = await openWithClock(context, `${server.url}${prefix}/annonces`);
    errors = watchErrors(page);
    // React may run the effect that starts the popup's timer a moment after hydration, maybe after the clock
    // stopped: wait for it, then count the 2 to 10 s from the fake time it started.
    const armed = async () => page.evaluate(() => (window as unknown as { popupArmedAt: number[] }).popupArmedAt);
    await expect.poll(async () => (await armed()).length).toBe(1);
    const since = await page.evaluate((at) => Date.now() - at, (await armed())[0]!);
    await page.clock.runFor(1_990 - since);
    expect(await dialog(page).count()).toBe(0);
    await page.clock.runFor(8_100);
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
    expect(await page.getByRole('dialog', { name: t.title }).count()).toBe(1);
    expect(await dialog(page).textContent()).toContain(t.consent);
    expect(await dialog(page).getByRole('link', { name: t.privacyLink }).getAttribute('href')).toBe(`${prefix}/politique-confidentialite`);
    await page.clock.runFor(400);
    // axe-core waits on timers of its own: the (context's) clock flows while it runs, and stops again after.
    await page.clock.resume();
    await expectAccessible(page, `popup ${lang}`);
    await pauseClock(page);

    // An invalid address is refused with the spec's message.
    await page.getByLabel(t.emailLabel).fill('not-an-address');
    await page.getByRole('button', { name: t.submit }).click();
    expect(await dialog(page).getByRole('alert').textContent()).toBe(specIn(publicSite.newsletter.invalidEmail, lang) ?? t.invalid);

    // Closing records the dismissal; the dialog leaves after its 300 ms animation.
    await page.getByRole('button', { name: t.close }).click();
    expect(await dialog(page).count()).toBe(1);
    await page.clock.runFor(300);
    await expect.poll(() => dialog(page).count()).toBe(0);
    const remembered = await memory(page);
    expect(remembered.dismissed).toBe(true);
    expect(typeof remembered.dismissedAt).toBe('number');
    await page.close();
  });

  it('stays away for an hour after a dismissal, then comes back', async () => {
    let page = await openWithClock(context, `${server.url}${prefix}/`);
    await page.clock.runFor(12_000);
    expect(await dialog(page).count()).toBe(0);
    // 59 minutes ago: still remembered; 61 minutes ago: forgotten.
    await page.evaluate(() =>
      localStorage.setItem('newsletter-popup', JSON.stringify({ dismissed: true, dismissedAt: Date.now() - 59 * 60_000 })),
    );
    await page.close();
    page = await openWithClock(context, `${server.url}${prefix}/contact`);
    await page.clock.runFor(12_000);
    expect(await dialog(page).count()).toBe(0);
    await page.evaluate(() =>
      localStorage.setItem('newsletter-popup', JSON.stringify({ dismissed: true, dismissedAt: Date.now() - 61 * 60_000 })),
    );
    await page.close();
    page = await openWithClock(context, `${server.url}${prefix}/nimporte-quoi`);
    await runUntilDialog(page);
    await page.close();
  });

  it('subscribes, says so, closes 3 seconds later and never shows again; the mailed link confirms by POST', async () => {
    const email = `visitor-${lang}@example.org`;
    let page = await openWithClock(context, `${server.url}${prefix}/documentation`);
    await runUntilDialog(page);
    await page.getByLabel(t.emailLabel).fill(email);
    await page.getByRole('button', { name: t.submit }).click();
    await expect.poll(() => dialog(page).getByRole('status').count()).toBe(1);
    expect(await dialog(page).getByRole('status').textContent()).toContain('confirmation');
    await page.clock.runFor(2_900);
    expect(await dialog(page).count()).toBe(1);
    await page.clock.runFor(500);
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(await memory(page)).toMatchObject({ subscribed: true, subscribedEmail: email });
    await page.close();
    page = await openWithClock(context, `${server.url}${prefix}/`);
    await page.clock.runFor(15_000);
    expect(await dialog(page).count()).toBe(0);
    // The clock is the context's: it flows again for the confirmation pages (axe waits on timers).
    await context.clock.resume();
    await page.close();

    const [mail] = await smtp.waitFor((m) => m.to.includes(email));
    const token = new RegExp(`${prefix}/newsletter/confirmer\\?token=([A-Za-z0-9_-]+)`).exec(mail!.parsed.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const confirm = await context.newPage();
    // Opening the link (as a mail scanner would) confirms nothing: a button has to be pressed.
    await confirm.goto(`${server.url}${prefix}/newsletter/confirmer?token=${token}`);
    expect(await confirm.getByRole('heading', { level: 1 }).textContent()).toBe(t.confirmTitle);
    await expectAccessible(confirm, `confirm ${lang}`);
    await Promise.all([confirm.waitForURL(/confirmer/), confirm.getByRole('button', { name: t.confirmButton }).click()]);
    await expect.poll(() => confirm.getByRole('status').textContent()).toBe(t.confirmed);

    const unsubscribeToken = new RegExp(`${prefix}/newsletter/desinscription\\?token=([A-Za-z0-9_-]+)`).exec(mail!.parsed.text ?? '')?.[1];
    expect(unsubscribeToken).toBeTruthy();
    await confirm.goto(`${server.url}${prefix}/newsletter/desinscription?token=${unsubscribeToken}`);
    await Promise.all([confirm.waitForURL(/desinscription/), confirm.getByRole('button', { name: t.unsubscribeButton }).click()]);
    await expect.poll(() => confirm.getByRole('status').textContent()).toBe(t.unsubscribed);
    await confirm.goto(`${server.url}${prefix}/newsletter/confirmer?token=not-a-token`);
    expect(await confirm.getByRole('alert').textContent()).toBe(t.invalidLink);
    await confirm.close();
  });

  it('is never shown on the three legal pages, which carry no script but the theme line in their head', async () => {
    const fresh = await browser.newContext();
    for (const path of ['/mentions-legales', '/politique-confidentialite', '/conditions-utilisation']) {
      const page = await fresh.newPage();
      await page.clock.install();
      await page.goto(`${server.url}${prefix}${path}`);
      await page.clock.runFor(15_000);
      expect(await dialog(page).count(), path).toBe(0);
      expect(await page.locator('script[src], astro-island').count(), path).toBe(0);
      expect(await page.locator('script:not([type="application/ld+json"])').count(), path).toBe(1);
      expect(await page.locator('head > script:not([type="application/ld+json"]):not([src])').count(), path).toBe(1);
      await page.close();
    }
    await fresh.close();
  });
});

// Every screen of the public site and of the admin at a phone's width (390 px), light and dark: the
// page never scrolls sideways (issue #14), and the admin's header keeps one row. Wide content (admin tables) scrolls inside its own
// labelled region instead. With SCREENSHOT_DIR set, each screen is also saved there as a PNG.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { createSmtpAccount, newsletterLinkTokens, startSmtpServer } from '../support/smtp.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { visitorContext } from './site-browser.ts';
import { createListingViaApi, expectHeaderOnOneRow, goInApp, signedInPage } from './admin-support.ts';

const WIDTH = 390;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const env = serverAndBrowser();
let seed: SiteSeed;
beforeAll(async () => {
  seed = await seedSite(env.server);
  // A long unbroken title is the usual cause of a sideways scroll on a phone.
  await createListingViaApi(env.server, 'Groupe-électrogène-insonorisé-capoté-Perkins-P250-référence-GEP250-2024');
  // A message and a subscriber with long unbroken addresses, for the messages and newsletter screens.
  const email = 'jean-baptiste.de-la-fontaine-marechal@chantier-naval-de-port-saint-louis-du-rhone.example.org';
  const sent = await env.server.api('/inquiries', {
    method: 'POST',
    json: {
      name: 'Jean-Baptiste de La Fontaine-Maréchal',
      email,
      phone: '+33 6 12 34 56 78',
      message: 'Bonjour, quel est le délai de livraison ?',
      language: 'fr',
    },
  });
  expect(sent.status).toBe(201);
  await confirmedSubscriber(email);
});

/**
 * An active, confirmed subscriber, made as a visitor becomes one (through the API, on either engine): the
 * subscription's mail goes through an SMTP account on a loopback server, its link confirms. The account is
 * deleted after, so the settings screen keeps its empty state.
 */
async function confirmedSubscriber(email: string) {
  const smtp = await startSmtpServer();
  try {
    const { accessToken } = await signInAsAdmin(env.server);
    const accountId = await createSmtpAccount(env.server, accessToken, smtp);
    const subscribed = await env.server.api('/newsletter/subscribe', { method: 'POST', json: { email, language: 'fr' } });
    expect(subscribed.status).toBe(200);
    const { confirm } = await newsletterLinkTokens(smtp, email);
    expect((await env.server.api('/newsletter/confirm', { method: 'POST', json: { token: confirm } })).status).toBe(200);
    expect((await env.server.api(`/smtp/accounts/${accountId}`, { method: 'DELETE', token: accessToken })).status).toBe(200);
  } finally {
    await smtp.stop();
  }
}

/**
 * How far the document is wider than the viewport (0 when nothing overflows), and what sticks out, once late
 * layout (images but the lazy ones, fonts, islands, lazy routes) has settled: in one evaluation, which waits
 * frame by frame as waitForFunction's polling does, and measures in the frame where that condition holds.
 */
async function overflow(page: Page) {
  return page.evaluate(async (width) => {
    const settled = () => document.fonts.status === 'loaded' && [...document.images].every((img) => img.complete || img.loading === 'lazy');
    const until = performance.now() + 30_000;
    while (!settled()) {
      if (performance.now() > until) throw new Error('fonts or images still loading after 30 s');
      await new Promise((frame) => requestAnimationFrame(frame));
    }
    const offenders = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('[role="region"]'))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, offenders };
  }, WIDTH);
}

async function expectNoOverflow(page: Page, label: string) {
  // Not 'networkidle': Chromium 150 never reaches it on the admin once the session refresh answers no-store.
  await page.waitForLoadState('load');
  const measured = await overflow(page);
  expect(measured.scrollWidth, `${label}: ${measured.offenders.join(', ')}`).toBeLessThanOrEqual(WIDTH);
  // A wide table scrolls inside its own region, which a keyboard can reach and which says what it holds.
  const regions = await page
    .locator('.table-wrap:visible')
    .evaluateAll((els) =>
      els.map((el) => ({ role: el.getAttribute('role'), label: el.getAttribute('aria-label'), tabIndex: (el as HTMLElement).tabIndex })),
    );
  for (const region of regions) expect(region, label).toMatchObject({ role: 'region', label: expect.stringMatching(/\S/), tabIndex: 0 });
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${label.replace(/[^\w-]+/g, '_')}.png`), fullPage: true });
}

function phone(browser: Browser, theme: Theme) {
  return visitorContext(browser, { viewport: { width: WIDTH, height: 844 }, colorScheme: theme });
}

describe.each(THEMES)('public site at 390 px, %s theme', (theme) => {
  const screens = () => [
    '/',
    '/annonces',
    '/annonces?search=zzzz-aucun-resultat',
    `/produit/${seed.generatorId}`,
    `/produit/${seed.engineId}`,
    '/produit/999999',
    '/documentation',
    '/documentation?search=zzzz-aucun-resultat',
    '/contact',
    '/newsletter/confirmer?token=invalide',
    '/newsletter/desinscription?token=invalide',
    '/mentions-legales',
    '/politique-confidentialite',
    '/conditions-utilisation',
    '/page-qui-n-existe-pas',
  ];

  it.each(['', '/en'])('has no horizontal overflow on any page (prefix "%s")', async (prefix) => {
    const context = await phone(env.browser, theme);
    const page = await context.newPage();
    for (const screen of screens()) {
      await page.goto(`${env.server.url}${prefix}${screen}`);
      await expectNoOverflow(page, `site-${theme}${prefix.replace('/', '-')}${screen}`);
    }
    // The mobile menu open is a screen of its own.
    await page.goto(`${env.server.url}${prefix}/`);
    await page.locator('header summary, header button[aria-expanded]').first().click();
    await expectNoOverflow(page, `site-${theme}${prefix.replace('/', '-')}-menu`);
    await context.close();
  });
});

describe.each(THEMES)('admin at 390 px, %s theme', (theme) => {
  it('has no horizontal overflow on any screen, dialogs included', async () => {
    const signedOut = await env.browser.newContext({ viewport: { width: WIDTH, height: 844 }, colorScheme: theme });
    await signedOut.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const login = await signedOut.newPage();
    await login.goto(`${env.server.url}/admin/login`);
    await expectNoOverflow(login, `admin-${theme}-login`);
    await signedOut.close();

    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize({ width: WIDTH, height: 844 });
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    const screens = [
      '/admin/',
      '/admin/annonces',
      '/admin/annonces?search=zzzz-aucun-resultat',
      '/admin/annonces/new',
      `/admin/annonces/${seed.generatorId}/view`,
      `/admin/annonces/${seed.generatorId}/edit`,
      '/admin/annonces/999999/view',
      '/admin/messages',
      '/admin/documents',
      '/admin/settings',
      '/admin/newsletter',
      '/admin/inconnue',
    ];
    // One load of the admin, with the theme just stored; then from screen to screen inside the app.
    await page.goto(`${env.server.url}/admin/`);
    for (const screen of screens) {
      await goInApp(page, screen, { unknown: screen === '/admin/inconnue' });
      await page.locator('main h1, main [role="alert"]').first().waitFor();
      await expectNoOverflow(page, `admin-${theme}${screen}`);
      await expectHeaderOnOneRow(page, `admin-${theme}${screen}`);
    }
    await goInApp(page, '/admin/documents');
    await page.getByRole('button', { name: 'Créer' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoOverflow(page, `admin-${theme}-document-dialog`);
    await goInApp(page, '/admin/messages');
    await page
      .getByRole('button', { name: /Réponse rapide/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectNoOverflow(page, `admin-${theme}-reply-dialog`);
    await goInApp(page, '/admin/newsletter');
    await page.getByRole('button', { name: /Envoyer un message/ }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoOverflow(page, `admin-${theme}-send-dialog`);
    await context.close();
  });
});

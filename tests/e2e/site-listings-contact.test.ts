// Listings sorts and facet counts, and the contact form's own checks and the server's refusals, in
// Chromium against the real server, in French and in English. Expected texts are written here from
// the spec and the issue, not read from the dictionaries they check.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import type { Lang } from '@app/domain/i18n/index';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite } from './site-seed.ts';
import { expectAccessible, visitorContext, watchErrors } from './site-browser.ts';

const env = serverAndBrowser();
beforeAll(async () => {
  await seedSite(env.server);
});

const hydrated = (page: Page, island: string) =>
  page.waitForSelector(`astro-island[component-url*="${island}"]:not([ssr])`, { state: 'attached' });
const prefixOf = (lang: Lang) => (lang === 'en' ? '/en' : '');
const brandsInOrder = async (page: Page) =>
  (await page.locator('[data-testid="listing-grid"] .card-title').allTextContents()).map(
    (x) => /SDMO|Yanmar|Caterpillar|Volvo/.exec(x)?.[0],
  );

const TEXT = {
  fr: {
    sort: 'Trier par',
    priceDesc: 'Prix décroissant',
    brand: 'Marque',
    condition: 'État',
    type: 'Type',
    contactError: "Erreur lors de l'envoi. Veuillez réessayer.",
    sendFallback: "Erreur lors de l'envoi du message",
    name: 'Nom',
    email: 'E-mail',
    message: 'Message',
    send: 'Envoyer',
    nameRequired: 'Le nom est requis',
    emailRequired: "L'adresse e-mail est requise",
    emailInvalid: 'Adresse e-mail invalide',
    messageRequired: 'Le message est requis',
    wait: /^Trop d’envois depuis votre connexion\u202f: vous pourrez réessayer dans 1[45] minutes\.$/,
  },
  en: {
    sort: 'Sort by',
    priceDesc: 'Price: high to low',
    brand: 'Brand',
    condition: 'Condition',
    type: 'Type',
    contactError: 'Error sending message. Please try again.',
    sendFallback: 'Error while sending the message',
    name: 'Name',
    email: 'E-mail',
    message: 'Message',
    send: 'Send',
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    messageRequired: 'Please enter a message',
    wait: /^Too many messages from your connection: you can try again in 1[45] minutes\.$/,
  },
};

describe.each(['fr', 'en'] as Lang[])('listings in %s', (lang) => {
  const x = TEXT[lang];

  it('sorts by price from high to low, prices on request last, and keeps the sort in the URL', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}${prefixOf(lang)}/annonces`);
    await hydrated(page, 'ListingsBrowser');
    expect(await brandsInOrder(page)).toHaveLength(4);
    await page.getByLabel(x.sort).selectOption({ label: x.priceDesc });
    await expect.poll(() => brandsInOrder(page)).toEqual(['Caterpillar', 'Yanmar', 'SDMO', 'Volvo']);
    expect(new URL(page.url()).search).toBe('?sort=price-desc');
    // The same order from the URL alone, rendered by the server without JavaScript.
    const plain = await visitorContext(env.browser, { javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(`${env.server.url}${prefixOf(lang)}/annonces?sort=price-desc`);
    expect(await brandsInOrder(noJs)).toEqual(['Caterpillar', 'Yanmar', 'SDMO', 'Volvo']);
    expect(await noJs.getByLabel(x.sort).inputValue()).toBe('price-desc');
    await plain.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows how many results each brand, condition and type gives, and disables the choices that give none', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefixOf(lang)}/annonces?brand=Yanmar`);
    await hydrated(page, 'ListingsBrowser');
    const options = (label: string) =>
      page
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((els) => els.map((o) => `${o.textContent}${(o as HTMLOptionElement).disabled ? ' [disabled]' : ''}`));
    // Only the Yanmar is shown: it is new and a marine engine; the other brands keep their own counts.
    expect(await options(x.condition)).toEqual(
      lang === 'fr' ? ['Tous', 'Neuf (1)', 'Occasion (0) [disabled]'] : ['All', 'New (1)', 'Used (0) [disabled]'],
    );
    expect(await options(x.type)).toEqual(
      lang === 'fr'
        ? ['Tous', 'Moteur marin (1)', 'Groupe électrogène (0) [disabled]']
        : ['All', 'Marine engine (1)', 'Generator (0) [disabled]'],
    );
    expect(await options(x.brand)).toEqual([
      lang === 'fr' ? 'Toutes' : 'All',
      'Caterpillar (1)',
      'SDMO (1)',
      'Volvo Penta (1)',
      'Yanmar (1)',
    ]);

    // Used engines only: Yanmar and SDMO are new, so they stay listed but cannot be chosen.
    await page.getByLabel(x.brand, { exact: true }).selectOption('');
    await page.getByLabel(x.condition, { exact: true }).selectOption('used');
    await expect
      .poll(() => options(x.brand))
      .toEqual([lang === 'fr' ? 'Toutes' : 'All', 'Caterpillar (1)', 'SDMO (0) [disabled]', 'Volvo Penta (1)', 'Yanmar (0) [disabled]']);
    await expectAccessible(page, `listings facets ${lang}`);
    await context.close();
  });
});

describe.each(['fr', 'en'] as Lang[])('contact form in %s', (lang) => {
  const x = TEXT[lang];

  it('checks the fields itself, in the page language, without the browser’s bubbles or a request', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefixOf(lang)}/contact`);
    await hydrated(page, 'ContactForm');
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/inquiries') && posted++);
    const errorOf = async (label: string) => {
      const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
      return id ? page.locator(`#${id}`).textContent() : null;
    };
    await page.getByRole('button', { name: x.send }).click();
    await expect.poll(() => errorOf(x.name)).toBe(x.nameRequired);
    expect(await errorOf(x.email)).toBe(x.emailRequired);
    expect(await errorOf(x.message)).toBe(x.messageRequired);
    // The first field with a problem takes the focus; no native validation bubble is raised.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await page.locator('form[novalidate]').count()).toBe(1);
    expect(await page.getByLabel(x.name, { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel(x.name, { exact: true }).fill('Jean Martin');
    await page.getByLabel(x.email, { exact: true }).fill('jean@');
    await page.getByLabel(x.message, { exact: true }).fill('Bonjour');
    await page.getByRole('button', { name: x.send }).click();
    await expect.poll(() => errorOf(x.email)).toBe(x.emailInvalid);
    expect(await errorOf(x.name)).toBeNull();
    expect(posted).toBe(0);
    await expectAccessible(page, `contact errors ${lang}`);
    await context.close();
  });

  it('a 400 from the server shows its message next to the field it names, and keeps what was typed', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefixOf(lang)}/contact`);
    await hydrated(page, 'ContactForm');
    // An address this form accepts but the server does not: the request is altered on its way,
    // and the real server answers 400 'email: Adresse e-mail invalide'.
    let status = 0;
    await page.route('**/api/inquiries', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      const res = await route.fetch({ postData: JSON.stringify({ ...body, email: 'jean@example' }) });
      status = res.status();
      await route.fulfill({ response: res });
    });
    await page.getByLabel(x.name, { exact: true }).fill('Jean Martin');
    await page.getByLabel(x.email, { exact: true }).fill('jean@example.org');
    await page.getByLabel(x.message, { exact: true }).fill('Bonjour');
    await page.getByRole('button', { name: x.send }).click();
    const email = page.getByLabel(x.email, { exact: true });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(status).toBe(400);
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent()).toBe(x.emailInvalid);
    expect(await page.locator('form [role="alert"] p').first().textContent()).toBe(x.contactError);
    expect(await page.getByLabel(x.message, { exact: true }).inputValue()).toBe('Bonjour');
    await context.close();
  });
});

describe.each(['fr', 'en'] as Lang[])('contact form failures without a server message in %s', (lang) => {
  const x = TEXT[lang];
  it("shows the spec's send fallback under the error, for an answer without 'error' and for no answer at all", async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const failures: [string, () => Promise<unknown>][] = [
      [
        'a 502 page',
        () =>
          page.route(
            '**/api/inquiries',
            (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
            { times: 1 },
          ),
      ],
      [
        'a 500 without error',
        () =>
          page.route('**/api/inquiries', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }), {
            times: 1,
          }),
      ],
      ['no answer', () => context.setOffline(true)],
    ];
    for (const [what, failure] of failures) {
      await page.goto(`${env.server.url}${prefixOf(lang)}/contact`);
      await hydrated(page, 'ContactForm');
      await page.getByLabel(x.name, { exact: true }).fill('Jean Martin');
      await page.getByLabel(x.email, { exact: true }).fill('jean@example.org');
      await page.getByLabel(x.message, { exact: true }).fill('Bonjour');
      await failure();
      await page.getByRole('button', { name: x.send }).click();
      await expect
        .poll(() => page.locator('form [role="alert"] p').allTextContents(), { message: what })
        .toEqual([x.contactError, x.sendFallback]);
      await page.locator('.toasts .toast', { hasText: x.contactError }).filter({ hasText: x.sendFallback }).waitFor();
      expect(await page.getByLabel(x.message, { exact: true }).inputValue(), what).toBe('Bonjour');
    }
    await context.setOffline(false);
    await context.close();
  });
});

describe('contact form after too many messages', () => {
  it('says how long to wait before the next try, in each language', async () => {
    // Ten messages from one address in 15 minutes is the API's limit: reach it for real.
    for (let i = 0; i < 12; i++) {
      await env.server.api('/inquiries', {
        method: 'POST',
        json: { name: 'Bot', email: 'bot@example.org', message: `n° ${i}`, language: 'fr' },
      });
    }
    for (const lang of ['fr', 'en'] as Lang[]) {
      const x = TEXT[lang];
      const context = await visitorContext(env.browser);
      const page = await context.newPage();
      await page.goto(`${env.server.url}${prefixOf(lang)}/contact`);
      await hydrated(page, 'ContactForm');
      await page.getByLabel(x.name, { exact: true }).fill('Jean Martin');
      await page.getByLabel(x.email, { exact: true }).fill('jean@example.org');
      await page.getByLabel(x.message, { exact: true }).fill('Bonjour');
      await page.getByRole('button', { name: x.send }).click();
      const alert = page.locator('form [role="alert"] p');
      await expect.poll(() => alert.allTextContents()).toHaveLength(2);
      const [error, wait] = await alert.allTextContents();
      expect(error).toBe(x.contactError);
      expect(wait).toMatch(x.wait);
      expect(await page.getByLabel(x.name, { exact: true }).inputValue()).toBe('Jean Martin');
      await context.close();
    }
  });
});

// axe-core (WCAG 2.2 A and AA rules) on every public page, in French and in English, and on every
// admin screen, the sign-in page included: light and dark, desktop and phone, no serious or
// critical violation. One server and one browser for the whole file; one context per look.
import { beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN } from '../support/auth.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { expectAccessible, visitorContext } from './site-browser.ts';
import { signInThroughUi } from './admin-support.ts';

// Webhooks may target loopback here: the one listed points at a closed port, so that its test event
// waits in its delivery log with an error and a next try.
const env = serverAndBrowser({ env: { WEBHOOKS_ALLOW_LOCAL: 'true' } });
const WEBHOOK_URL = 'http://127.0.0.1:9/hook';
let seed: SiteSeed;

const SENDERS = ['Camille Martin', 'John Smith', 'Lucie Bernard'];

beforeAll(async () => {
  seed = await seedSite(env.server);
  const { headers } = await signInAsAdmin(env.server);
  // Three message cards (each with its delete button), an SMTP account and subscribers: the
  // screens show their content, not only their empty states.
  for (const [i, name] of SENDERS.entries()) {
    const res = await env.server.api('/inquiries', {
      method: 'POST',
      json: {
        name,
        email: `client${i}@example.test`,
        phone: '+33 6 11 22 33 44',
        message: 'Bonjour, ce groupe est-il disponible ?',
        language: i === 1 ? 'en' : 'fr',
      },
    });
    if (res.status !== 201) throw new Error(`inquiry: ${res.status}`);
  }
  const account = await env.server.api('/smtp/accounts', {
    method: 'POST',
    headers,
    json: {
      name: 'Compte principal',
      host: 'smtp.example.test',
      port: 587,
      secure: false,
      user: 'mailer',
      password: 'secret-password',
      fromName: 'Provence Moteurs',
      fromEmail: 'contact@example.test',
      isActive: true,
    },
  });
  if (account.status !== 201) throw new Error(`smtp account: ${account.status} ${await account.text()}`);
  // An API token with custom grants: the API tab lists it, permissions included.
  const token = await env.server.api('/admin/api-tokens', {
    method: 'POST',
    headers,
    json: { name: 'Flux marketplace', access: 'custom', permissions: { listings: ['read', 'write'] }, expiresInDays: 90 },
  });
  if (token.status !== 201) throw new Error(`api token: ${token.status} ${await token.text()}`);
  // A webhook with a test event in its log: the API tab lists it, its log shows the delivery.
  const hook = await env.server.api('/admin/webhooks', {
    method: 'POST',
    headers,
    json: { url: WEBHOOK_URL, events: ['listing.created', 'newsletter.sent'], description: 'ERP' },
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
  const { id: hookId } = (await hook.json()) as { id: number };
  const ping = await env.server.api(`/admin/webhooks/${hookId}/test`, { method: 'POST', headers });
  if (ping.status !== 202) throw new Error(`webhook test: ${ping.status}`);
  for (const email of ['abonne1@example.test', 'abonne2@example.test']) {
    const res = await env.server.api('/newsletter/subscribe', { method: 'POST', json: { email } });
    if (res.status >= 300) throw new Error(`subscribe: ${res.status}`);
  }
});

type Look = { name: string; colorScheme: 'light' | 'dark'; viewport: { width: number; height: number }; phone: boolean };
const LOOKS: Look[] = [
  { name: 'light, desktop', colorScheme: 'light', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'dark, desktop', colorScheme: 'dark', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'light, phone', colorScheme: 'light', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'dark, phone', colorScheme: 'dark', viewport: { width: 390, height: 844 }, phone: true },
];

const contextFor = (browser: Browser, look: Look) => ({
  colorScheme: look.colorScheme,
  viewport: look.viewport,
  isMobile: look.phone,
  hasTouch: look.phone,
});

/** Public pages by path, in both languages (English under /en/). */
const publicPaths = () => {
  const french = [
    '/',
    '/annonces',
    `/produit/${seed.generatorId}`,
    '/documentation',
    '/contact',
    '/mentions-legales',
    '/politique-confidentialite',
    '/conditions-utilisation',
    '/page-qui-n-existe-pas',
  ];
  return [...french, ...french.map((p) => `/en${p === '/' ? '/' : p}`)];
};

type Screen = { path: string; ready: (page: Page) => Promise<unknown>; then?: (page: Page) => Promise<string> };
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: true }).first().waitFor();
/** A text shown in the table on a desktop, in a card on a phone. */
const shown = (page: Page, text: string) => page.getByText(text).filter({ visible: true }).first().waitFor();

/** Every admin screen, with what shows that its content is there (not a spinner). */
const adminScreens = (): Screen[] => [
  { path: '/admin/', ready: (page) => heading(page, 'Messages par semaine') },
  { path: '/admin/annonces', ready: (page) => shown(page, 'Moteur marin Yanmar 6LY') },
  { path: '/admin/annonces/new', ready: (page) => heading(page, /Nouvelle annonce$/) },
  {
    path: `/admin/annonces/${seed.generatorId}/edit`,
    ready: (page) =>
      page
        .getByRole('img', { name: /genset|Image 1/ })
        .first()
        .waitFor(),
  },
  { path: `/admin/annonces/${seed.generatorId}/view`, ready: (page) => page.getByText(seed.documentTitle).first().waitFor() },
  { path: '/admin/messages', ready: (page) => heading(page, SENDERS[2]!) },
  {
    path: '/admin/documents',
    ready: (page) => shown(page, seed.technicalTitle),
    then: async (page) => {
      await page.getByRole('button', { name: 'Statistiques' }).click();
      await page.getByText('Total documents').first().waitFor();
      return 'statistics';
    },
  },
  {
    path: '/admin/settings',
    ready: (page) => heading(page, 'Compte principal'),
    then: async (page) => {
      await page.getByRole('tab', { name: "Assignations d'usage" }).click();
      await page.getByRole('tabpanel').getByText('Newsletter').first().waitFor();
      return 'usage tab';
    },
  },
  {
    path: '/admin/settings',
    ready: (page) => heading(page, 'Compte principal'),
    then: async (page) => {
      await page.getByRole('tab', { name: 'API' }).click();
      await shown(page, 'Annonces : Lecture, Écriture');
      await shown(page, WEBHOOK_URL);
      return 'API tab, tokens and webhooks';
    },
  },
  {
    path: '/admin/settings',
    ready: (page) => heading(page, 'Compte principal'),
    then: async (page) => {
      await page.getByRole('tab', { name: 'API' }).click();
      await page.getByRole('button', { name: 'Créer un jeton' }).click();
      await page.getByRole('dialog', { name: 'Créer un jeton' }).getByLabel('Accès').selectOption('custom');
      await page.getByRole('group', { name: 'Annonces' }).waitFor();
      return 'API token form, custom access';
    },
  },
  {
    path: '/admin/settings',
    ready: (page) => heading(page, 'Compte principal'),
    then: async (page) => {
      await page.getByRole('tab', { name: 'API' }).click();
      await page.getByRole('button', { name: 'Ajouter un webhook' }).click();
      await page.getByRole('dialog', { name: 'Ajouter un webhook' }).getByLabel('Tous les événements').waitFor();
      return 'webhook form';
    },
  },
  {
    path: '/admin/settings',
    ready: (page) => heading(page, 'Compte principal'),
    then: async (page) => {
      await page.getByRole('tab', { name: 'API' }).click();
      await page.getByRole('button', { name: `Livraisons du webhook ${WEBHOOK_URL}` }).click();
      const log = page.getByRole('dialog', { name: `Livraisons de ${WEBHOOK_URL}` });
      await log.getByText('ping').filter({ visible: true }).first().waitFor();
      return 'webhook delivery log';
    },
  },
  { path: '/admin/newsletter', ready: (page) => shown(page, 'abonne2@example.test') },
  { path: '/admin/change-password', ready: (page) => heading(page, 'Changement du mot de passe') },
  { path: '/admin/ecran-inconnu', ready: (page) => heading(page, 'Page introuvable') },
];

describe.each(LOOKS)('axe, $name', (look) => {
  it('finds nothing serious or critical on any public page, in French and in English', async () => {
    const context = await visitorContext(env.browser, contextFor(env.browser, look));
    const page = await context.newPage();
    for (const path of publicPaths()) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      await expectAccessible(page, `${path} (${look.name})`);
    }
    await context.close();
  });

  it('finds nothing serious or critical on any admin screen, the sign-in page included', async () => {
    await signInAsAdmin(env.server);
    const context: BrowserContext = await env.browser.newContext(contextFor(env.browser, look));
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/login`);
    await heading(page, 'Connexion administrateur');
    await expectAccessible(page, `/admin/login (${look.name})`);
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    for (const screen of adminScreens()) {
      await page.goto(`${env.server.url}${screen.path}`);
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

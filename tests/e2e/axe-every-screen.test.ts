// axe-core (WCAG 2.2 A and AA rules) on every public page, in French and in English (the newsletter's
// double opt-in pages and its popup included), and on every admin screen, the sign-in page and the main
// dialogs included: light and dark, desktop and phone, no serious or critical violation. One server and
// one browser for the whole file; one context per look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN } from '../support/auth.ts';
import { newsletterLinkTokens, startSmtpServer, type TestSmtp } from '../support/smtp.ts';
import { dictionary } from '@app/domain/i18n/index';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { expectAccessible, visitorContext } from './site-browser.ts';
import { signInThroughUi } from './admin-support.ts';

// Webhooks may target loopback here: the one listed points at a closed port, so that its test event
// waits in its delivery log with an error and a next try.
const env = serverAndBrowser({ env: { WEBHOOKS_ALLOW_LOCAL: 'true' } });
const WEBHOOK_URL = 'http://127.0.0.1:9/hook';
let seed: SiteSeed;
/** The unsubscribe link's token of a subscriber (kept in clear: it is the link of every mail). */
let unsubscribeToken = '';
/** Well-formed but never issued: the double opt-in pages show their button for it (a GET checks nothing). */
const UNKNOWN_TOKEN = 'a'.repeat(43);

const SENDERS = ['Camille Martin', 'John Smith', 'Lucie Bernard'];

/** Where the account's mails go: the unsubscribe link is read from a subscriber's confirmation mail. */
let smtp: TestSmtp;
afterAll(() => smtp?.stop());

beforeAll(async () => {
  smtp = await startSmtpServer();
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
    // The only active account, so it sends the newsletter's confirmation mails (to the loopback server).
    json: smtp.account({ name: 'Compte principal', fromName: 'Provence Moteurs', fromEmail: 'contact@example.test' }),
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
  for (const email of ['abonne1@example.test', 'abonne2@example.test', 'desabonne@example.test']) {
    const res = await env.server.api('/newsletter/subscribe', { method: 'POST', json: { email } });
    if (res.status >= 300) throw new Error(`subscribe: ${res.status}`);
  }
  // An active subscriber, so that the newsletter's send button opens its dialog.
  const list = (await (await env.server.api('/newsletter/admin/subscribers', { headers })).json()) as {
    subscribers: { id: number; email: string }[];
  };
  const first = list.subscribers.find((s) => s.email === 'abonne1@example.test')!;
  const activated = await env.server.api(`/newsletter/admin/subscribers/${first.id}/status`, {
    method: 'PATCH',
    headers,
    json: { isActive: true },
  });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
  // The link of the mails, as a subscriber gets it: through the API on both engines, no database read.
  ({ unsubscribe: unsubscribeToken } = await newsletterLinkTokens(smtp, 'desabonne@example.test'));
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
    // The double opt-in pages: the button of a link, and a link that is not one.
    `/newsletter/confirmer?token=${UNKNOWN_TOKEN}`,
    `/newsletter/desinscription?token=${UNKNOWN_TOKEN}`,
    '/newsletter/confirmer?token=invalide',
    '/newsletter/desinscription?token=invalide',
  ];
  return [...french, ...french.map((p) => `/en${p === '/' ? '/' : p}`)];
};

type Screen = { path: string; ready: (page: Page) => Promise<unknown>; then?: (page: Page) => Promise<string> };
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: true }).first().waitFor();
/** A button shown in the table on a desktop, in a card on a phone. */
const visibleButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).filter({ visible: true }).first();
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
  // The main dialogs, each open over its screen.
  {
    path: '/admin/messages',
    ready: (page) => heading(page, SENDERS[2]!),
    then: async (page) => {
      await visibleButton(page, 'Réponse rapide').click();
      await page
        .getByRole('dialog', { name: /^Répondre à / })
        .getByLabel('Sujet')
        .waitFor();
      return 'reply dialog';
    },
  },
  {
    path: '/admin/newsletter',
    ready: (page) => shown(page, 'abonne2@example.test'),
    then: async (page) => {
      await page.getByRole('button', { name: 'Envoyer un message', exact: true }).click();
      await page.getByRole('dialog', { name: 'Envoyer un message aux abonnés' }).getByLabel('Sujet (français)').waitFor();
      return 'newsletter send dialog';
    },
  },
  {
    path: '/admin/settings',
    ready: (page) => heading(page, 'Compte principal'),
    then: async (page) => {
      await page.getByRole('button', { name: 'Ajouter un compte' }).click();
      await page.getByRole('dialog', { name: 'Nouveau compte SMTP' }).getByLabel('Hôte SMTP').waitFor();
      return 'SMTP account form, new';
    },
  },
  {
    path: '/admin/documents',
    ready: (page) => shown(page, seed.technicalTitle),
    then: async (page) => {
      await page.getByRole('button', { name: 'Créer', exact: true }).click();
      await page.getByRole('dialog', { name: 'Nouveau document technique' }).getByLabel('Titre principal').waitFor();
      return 'technical document form, new';
    },
  },
  {
    path: '/admin/documents',
    ready: (page) => shown(page, seed.technicalTitle),
    then: async (page) => {
      await visibleButton(page, `Modifier ${seed.technicalTitle}`).click();
      const form = page.getByRole('dialog', { name: 'Modifier le document technique' });
      await expect.poll(() => form.getByLabel('Titre principal').inputValue()).toBe(seed.technicalTitle);
      return 'technical document form, edit';
    },
  },
  {
    path: `/admin/annonces/${seed.generatorId}/view`,
    ready: (page) => page.getByText(seed.documentTitle).first().waitFor(),
    then: async (page) => {
      await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
      await page.getByRole('alertdialog', { name: "Supprimer l'annonce" }).waitFor();
      return 'confirm dialog';
    },
  },
  // Last: the device stays offline, so the queued change is never sent (the context closes with it).
  {
    path: '/admin/annonces',
    ready: (page) => shown(page, 'Moteur marin Yanmar 6LY'),
    then: async (page) => {
      await page.context().setOffline(true);
      await page
        .getByRole('button', { name: /^(Standard|Vedette)$/ })
        .filter({ visible: true })
        .first()
        .click();
      await page.getByRole('button', { name: 'Modifications en attente : 1' }).click();
      await page.getByRole('dialog', { name: 'Modifications hors ligne' }).getByText('En attente', { exact: true }).waitFor();
      return 'outbox panel';
    },
  },
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
    // A link that works: once its button is pressed, the page says it is done.
    for (const lang of ['fr', 'en'] as const) {
      const prefix = lang === 'en' ? '/en' : '';
      await page.goto(`${env.server.url}${prefix}/newsletter/desinscription?token=${unsubscribeToken}`);
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
    // A first visit: no memory of the popup. Its delay is drawn by Math.random, which 0 makes the shortest (2 s).
    const context = await env.browser.newContext(contextFor(env.browser, look));
    await context.addInitScript(() => {
      Math.random = () => 0;
    });
    const page = await context.newPage();
    for (const path of ['/', '/en/']) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('.popup-backdrop.open').getByRole('dialog').waitFor();
      // Past its 300 ms opening animation, whose faded colours would be measured otherwise.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await expectAccessible(page, `newsletter popup on ${path} (${look.name})`);
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

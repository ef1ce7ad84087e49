// What the axe-core files check (axe-every-screen-site and -admin): the content every screen shows, the
// four looks, the public pages and the admin screens with their dialogs. Split in two files so that the
// two workers share the work (issue 35): each file starts its own server and browser and seeds the same.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';
import { newsletterLinkTokens, startSmtpServer, type TestSmtp } from '../support/smtp.ts';
import { contentPaths, seedSite, type SiteSeed } from './site-seed.ts';

/** The server's environment: webhooks may target loopback here, where the one listed points at a closed port, so that its test event waits in its delivery log with an error and a next try. */
const AXE_SERVER_ENV = { WEBHOOKS_ALLOW_LOCAL: 'true' };
const WEBHOOK_URL = 'http://127.0.0.1:9/hook';
/** Well-formed but never issued: the double opt-in pages show their button for it (a GET checks nothing). */
const UNKNOWN_TOKEN = 'a'.repeat(43);

const SENDERS = ['Camille Martin', 'John Smith', 'Lucie Bernard'];

export type Screens = {
  seed: SiteSeed;
  /** Where the account's mails go: the unsubscribe link is read from a subscriber's confirmation mail. */
  smtp: TestSmtp;
  /** The unsubscribe link's token of a subscriber (kept in clear: it is the link of every mail). */
  unsubscribeToken: string;
};

/** The content of every screen, through the API: the screens show it, not only their empty states. */
export async function seedScreens(server: TestServer): Promise<Screens> {
  const smtp = await startSmtpServer();
  try {
    return await seedWith(server, smtp);
  } catch (err) {
    await smtp.stop();
    throw err;
  }
}

async function seedWith(server: TestServer, smtp: TestSmtp): Promise<Screens> {
  const seed = await seedSite(server);
  const { headers } = await signInAsAdmin(server);
  // Three message cards (each with its delete button), an SMTP account and subscribers: the
  // screens show their content, not only their empty states.
  for (const [i, name] of SENDERS.entries()) {
    const res = await server.api('/inquiries', {
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
  const account = await server.api('/smtp/accounts', {
    method: 'POST',
    headers,
    // The only active account, so it sends the newsletter's confirmation mails (to the loopback server).
    json: smtp.account({ name: 'Compte principal', fromName: 'Provence Moteurs', fromEmail: 'contact@example.test' }),
  });
  if (account.status !== 201) throw new Error(`smtp account: ${account.status} ${await account.text()}`);
  // An API token with custom grants: the API tab lists it, permissions included.
  const token = await server.api('/admin/api-tokens', {
    method: 'POST',
    headers,
    json: { name: 'Flux marketplace', access: 'custom', permissions: { listings: ['read', 'write'] }, expiresInDays: 90 },
  });
  if (token.status !== 201) throw new Error(`api token: ${token.status} ${await token.text()}`);
  // A webhook with a test event in its log: the API tab lists it, its log shows the delivery.
  const hook = await server.api('/admin/webhooks', {
    method: 'POST',
    headers,
    json: { url: WEBHOOK_URL, events: ['listing.created', 'newsletter.sent'], description: 'ERP' },
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
  const { id: hookId } = (await hook.json()) as { id: number };
  const ping = await server.api(`/admin/webhooks/${hookId}/test`, { method: 'POST', headers });
  if (ping.status !== 202) throw new Error(`webhook test: ${ping.status}`);
  for (const email of ['abonne1@example.test', 'abonne2@example.test', 'desabonne@example.test']) {
    const res = await server.api('/newsletter/subscribe', { method: 'POST', json: { email } });
    if (res.status >= 300) throw new Error(`subscribe: ${res.status}`);
  }
  // An active subscriber, so that the newsletter's send button opens its dialog.
  const list = (await (await server.api('/newsletter/admin/subscribers', { headers })).json()) as {
    subscribers: { id: number; email: string }[];
  };
  const first = list.subscribers.find((s) => s.email === 'abonne1@example.test')!;
  const activated = await server.api(`/newsletter/admin/subscribers/${first.id}/status`, {
    method: 'PATCH',
    headers,
    json: { isActive: true },
  });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
  // The link of the mails, as a subscriber gets it: through the API on both engines, no database read.
  const { unsubscribe: unsubscribeToken } = await newsletterLinkTokens(smtp, 'desabonne@example.test');
  return { seed, smtp, unsubscribeToken };
}

export type Look = { name: string; colorScheme: 'light' | 'dark'; viewport: { width: number; height: number }; phone: boolean };
export const LOOKS: Look[] = [
  { name: 'light, desktop', colorScheme: 'light', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'dark, desktop', colorScheme: 'dark', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'light, phone', colorScheme: 'light', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'dark, phone', colorScheme: 'dark', viewport: { width: 390, height: 844 }, phone: true },
];

export const contextFor = (look: Look) => ({
  colorScheme: look.colorScheme,
  viewport: look.viewport,
  isMobile: look.phone,
  hasTouch: look.phone,
});

/** Public pages by path, in both languages (English under /en/). */
export const publicPaths = (seed: SiteSeed) => {
  const french = [
    ...contentPaths(seed),
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
export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: true }).first().waitFor();
/** A button shown in the table on a desktop, in a card on a phone. */
const visibleButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).filter({ visible: true }).first();
/** A text shown in the table on a desktop, in a card on a phone. */
const shown = (page: Page, text: string) => page.getByText(text).filter({ visible: true }).first().waitFor();

/** Every admin screen, with what shows that its content is there (not a spinner). */
export const adminScreens = (seed: SiteSeed): Screen[] => [
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

/** A file's server and browser, seeded once with every screen's content before its tests (and its SMTP server stopped after). */
export function axeFile() {
  const env = serverAndBrowser({ env: AXE_SERVER_ENV });
  let screens: Screens | undefined;
  beforeAll(async () => {
    screens = await seedScreens(env.server);
  });
  afterAll(() => screens?.smtp.stop());
  return { env, screens: () => screens! };
}

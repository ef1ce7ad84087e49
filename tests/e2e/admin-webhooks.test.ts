// Issue 37 part 3 in the back office: a webhook added in Settings > API to a real receiver on loopback,
// its signing secret read once from the dialog, a test event sent from the UI, received and verified
// with the `standardwebhooks` library, and followed in the delivery log: refused once (500, a next try
// shown), retried from the log with the same webhook-id, then delivered. Then disabled, its events
// edited and deleted; the cards on a phone; and the offline message. Chromium against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { receiver } from '../support/webhook-receiver.ts';
import { signedInPage } from './admin-support.ts';

const PHONE = { width: 390, height: 844 };

describe('admin webhooks', () => {
  const env = serverAndBrowser({ env: { WEBHOOKS_ALLOW_LOCAL: 'true', WEBHOOK_WORKER_INTERVAL_MS: '200' } });
  let hook: Awaited<ReturnType<typeof receiver>>;
  let url: string;

  beforeAll(async () => {
    hook = await receiver();
    url = hook.url;
  });
  afterAll(() => hook?.close());

  it('adds a webhook shown with its secret once, sends a signed test event and follows it in the log, retried then delivered', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await page.goto(`${env.server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('Aucun webhook', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Ajouter un webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Ajouter un webhook' });
    await form.getByLabel('URL').fill(url);
    await form.getByLabel('Description').fill('ERP de test');
    await form.getByLabel('Annonce créée').check();
    await form.getByLabel('Newsletter envoyée').check();
    await form.getByRole('button', { name: 'Ajouter le webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook ajouté : son secret de signature' });
    await shown.getByText(/Ce secret ne sera plus affiché\. Copiez-le maintenant/).waitFor();
    const secret = await shown.getByLabel('Secret de signature').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await shown.getByRole('button', { name: 'Copier' }).click();
    await shown.getByText('Secret copié dans le presse-papiers').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: "J'ai copié le secret" }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed without its secret: URL, description, events, enabled.
    const row = page.getByRole('row', { name: new RegExp(url) });
    await row.waitFor();
    expect(await row.getByText('ERP de test').isVisible()).toBe(true);
    expect(await row.getByText('listing.created').isVisible()).toBe(true);
    expect(await row.getByText('newsletter.sent').isVisible()).toBe(true);
    expect(await row.getByText('Activé', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(secret).count()).toBe(0);

    // The test event: refused once by the receiver, then retried from the log.
    hook.answers.push(500);
    const first = hook.next((r) => r.json.type === 'ping');
    await row.getByRole('button', { name: `Envoyer un test au webhook ${url}` }).click();
    await page.getByText('Événement de test envoyé : suivez-le dans les livraisons').waitFor();
    const ping = await first;
    const verifier = new Webhook(secret);
    expect(verifier.verify(ping.body, ping.headers as Record<string, string>)).toEqual(ping.json);
    expect(ping.json.data).toEqual({ webhookId: expect.any(Number) });

    await row.getByRole('button', { name: `Livraisons du webhook ${url}` }).click();
    const log = page.getByRole('dialog', { name: `Livraisons de ${url}` });
    const entry = log.getByRole('row', { name: /ping/ });
    await entry.getByText('En attente').waitFor();
    expect(await entry.getByText('500', { exact: true }).isVisible()).toBe(true);
    expect(await entry.getByText('answer 500').isVisible()).toBe(true);
    // A next try is due (about a minute later), shown as a date rather than '-'.
    expect(await entry.locator('time').count()).toBe(2);

    const again = hook.next((r) => r.json.type === 'ping', 2);
    await entry.getByRole('button', { name: /^Renvoyer la livraison ping du / }).click();
    const retried = await again;
    expect(retried.headers['webhook-id']).toBe(ping.headers['webhook-id']);
    expect(verifier.verify(retried.body, retried.headers as Record<string, string>)).toEqual(ping.json);
    // The log asks again while a delivery is pending: it shows the delivery without a click.
    await entry.getByText('Livrée').waitFor();
    expect(await entry.getByText('200', { exact: true }).isVisible()).toBe(true);
    expect(await entry.getByText('answer 200').isVisible()).toBe(true);
    expect(await entry.getByText('2', { exact: true }).isVisible()).toBe(true);
    expect(await entry.getByText(/^\d+ ms$/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });

    // Disabled, its events edited, enabled again.
    await row.getByRole('button', { name: `Désactiver le webhook ${url}` }).click();
    await row.getByText('Désactivé', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Modifier le webhook ${url}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le webhook' });
    await edit.getByLabel('Newsletter envoyée').uncheck();
    await edit.getByLabel('Annonce supprimée').check();
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('listing.deleted').waitFor();
    expect(await row.getByText('newsletter.sent').count()).toBe(0);
    await row.getByRole('button', { name: `Activer le webhook ${url}` }).click();
    await row.getByText('Activé', { exact: true }).waitFor();
    const listed = (await (await env.server.api('/admin/webhooks', { headers: (await signInAsAdmin(env.server)).headers })).json()) as {
      webhooks: { url: string; events: string[]; enabled: boolean }[];
    };
    expect(listed.webhooks.find((w) => w.url === url)).toMatchObject({ events: ['listing.created', 'listing.deleted'], enabled: true });

    // Deleted behind a confirmation.
    await row.getByRole('button', { name: `Supprimer le webhook ${url}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer le webhook' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Webhook supprimé').waitFor();
    await page.getByText('Aucun webhook', { exact: true }).waitFor();
    await context.close();
  });

  it('on a phone: one card per webhook with its events and actions, and the log as cards', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    await page.goto(`${env.server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('button', { name: 'Ajouter un webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Ajouter un webhook' });
    await form.getByLabel('URL').fill(`${url}/phone`);
    await form.getByLabel('Tous les événements').check();
    await form.getByRole('button', { name: 'Ajouter le webhook' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook ajouté : son secret de signature' });
    const secret = await shown.getByLabel('Secret de signature').inputValue();
    await shown.getByRole('button', { name: "J'ai copié le secret" }).click();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${url}/phone` }) });
    await card.waitFor();
    expect(await card.getByText('Tous les événements').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const before = hook.received.length;
    await card.getByRole('button', { name: `Envoyer un test au webhook ${url}/phone` }).click();
    const ping = await hook.next((r) => hook.received.indexOf(r) >= before && r.json.type === 'ping');
    expect(new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).toEqual(ping.json);
    await card.getByRole('button', { name: `Livraisons du webhook ${url}/phone` }).click();
    const log = page.getByRole('dialog', { name: `Livraisons de ${url}/phone` });
    const entry = log.getByRole('listitem').filter({ hasText: 'ping' });
    await entry.getByText('Livrée').waitFor();
    expect(await entry.getByRole('button', { name: /^Renvoyer la livraison ping du / }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('offline, the webhooks say they are managed online only, and come back with the connection', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('button', { name: 'Ajouter un webhook' }).waitFor();
    await context.setOffline(true);
    await page.getByText("Les webhooks se gèrent en ligne uniquement : cette section s'affichera au retour de la connexion.").waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter un webhook' }).count()).toBe(0);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Ajouter un webhook' }).waitFor();
    await context.close();
  });
});

// Issue 37 in the back office: an API token created in Settings > API, its value read once from the
// dialog, used from Node (a read answers 200, a write 403), revoked in the UI, and then refused with
// 401; the list as cards on a phone. Chromium against the real server and the built PWA.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';
import { LISTING, signedInPage } from './admin-support.ts';

const PHONE = { width: 390, height: 844 };

describe('admin API tokens', () => {
  const env = serverAndBrowser();

  it('creates a read-only token shown once, which reads but cannot write, and is refused once revoked', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await page.goto(`${env.server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('heading', { name: "Jetons d'API" }).waitFor();
    await page.getByText("Aucun jeton d'API").waitFor();

    await page.getByRole('button', { name: 'Créer un jeton' }).click();
    const form = page.getByRole('dialog', { name: 'Créer un jeton' });
    await form.getByLabel('Nom').fill('Flux marketplace e2e');
    await form.getByLabel('Description').fill('Lecture du catalogue par le partenaire');
    expect(await form.getByLabel('Accès').inputValue()).toBe('read-only');
    await form.getByLabel('Expiration').selectOption({ label: '30 jours' });
    await form.getByRole('button', { name: 'Créer le jeton' }).click();

    const shown = page.getByRole('dialog', { name: 'Jeton « Flux marketplace e2e » créé' });
    await shown.getByText('Ce jeton ne sera plus affiché. Copiez-le maintenant.').waitFor();
    const value = await shown.getByLabel('Valeur du jeton').inputValue();
    expect(value).toMatch(/^pm_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copier' }).click();
    await shown.getByText('Jeton copié dans le presse-papiers').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await shown.getByRole('button', { name: "J'ai copié le jeton" }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed without its value: access, an expiry, never used.
    const row = page.getByRole('row', { name: /Flux marketplace e2e/ });
    await row.waitFor();
    expect(await row.getByText('Lecture seule').isVisible()).toBe(true);
    expect(await row.getByText('Jamais').count()).toBe(1);
    expect(await page.getByText(value).count()).toBe(0);

    // From Node: a read answers, a write is refused.
    const read = await env.server.api('/products', { token: value });
    expect(read.status).toBe(200);
    const write = await env.server.api('/products', { method: 'POST', token: value, json: LISTING });
    expect(write.status).toBe(403);
    const stats = await env.server.api('/stats', { token: value });
    expect(stats.status).toBe(200);

    // The first use shows as its last use once the list is asked again.
    await page.reload();
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('row', { name: /Flux marketplace e2e/ }).waitFor();
    expect(
      await page
        .getByRole('row', { name: /Flux marketplace e2e/ })
        .getByText('Jamais')
        .count(),
    ).toBe(0);

    // Revoked in the UI, behind a confirmation.
    await page.getByRole('button', { name: 'Révoquer le jeton Flux marketplace e2e' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Révoquer le jeton' });
    await confirm.getByRole('button', { name: 'Révoquer' }).click();
    await page.getByText('Jeton révoqué').waitFor();
    await page.getByText("Aucun jeton d'API").waitFor();

    // The same value is refused now. GET /api/products is public and reads no token (docs/decisions/130),
    // so it still answers 200 to anyone: the guarded read and the write are the ones that say 401.
    for (const [method, path] of [
      ['GET', '/stats'],
      ['POST', '/products'],
    ] as const) {
      const res = await env.server.api(path, { method, token: value, ...(method === 'POST' ? { json: LISTING } : {}) });
      expect([path, res.status]).toEqual([path, 401]);
      expect(((await res.json()) as { error: string }).error).toBe('Jeton d’API révoqué ou inconnu');
    }
    await context.close();
  });

  it('on a phone: one card per token with its facts and actions, and a custom token’s permissions', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    await page.goto(`${env.server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('button', { name: 'Créer un jeton' }).click();
    const form = page.getByRole('dialog', { name: 'Créer un jeton' });
    await form.getByLabel('Nom').fill('Synchronisation ERP e2e');
    await form.getByLabel('Accès').selectOption({ label: 'Personnalisé' });
    await form.getByRole('group', { name: 'Annonces' }).getByLabel('Lecture').check();
    await form.getByRole('group', { name: 'Annonces' }).getByLabel('Écriture').check();
    await form.getByLabel('Expiration').selectOption({ label: 'Jamais (à révoquer à la main)' });
    await form.getByRole('button', { name: 'Créer le jeton' }).click();
    const shown = page.getByRole('dialog', { name: 'Jeton « Synchronisation ERP e2e » créé' });
    const value = await shown.getByLabel('Valeur du jeton').inputValue();
    await shown.getByRole('button', { name: "J'ai copié le jeton" }).click();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Synchronisation ERP e2e' }) });
    await card.waitFor();
    expect(await card.getByText('Annonces : Lecture, Écriture').isVisible()).toBe(true);
    expect(await card.getByText('Jamais').count()).toBe(2);
    expect(await card.getByRole('button', { name: 'Révoquer le jeton Synchronisation ERP e2e' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Its grants hold: it writes listings (a record that does not exist: 404, not 403) but reads no messages.
    expect((await env.server.api('/products/999999', { method: 'DELETE', token: value })).status).toBe(404);
    expect((await env.server.api('/inquiries', { token: value })).status).toBe(403);

    // Regenerated: the new value is shown once and the old one dies.
    await card.getByRole('button', { name: 'Régénérer le jeton Synchronisation ERP e2e' }).click();
    await page.getByRole('alertdialog', { name: 'Régénérer le jeton' }).getByRole('button', { name: 'Régénérer' }).click();
    const renewed = page.getByRole('dialog', { name: 'Nouvelle valeur du jeton « Synchronisation ERP e2e »' });
    const next = await renewed.getByLabel('Valeur du jeton').inputValue();
    expect(next).not.toBe(value);
    expect((await env.server.api('/products/999999', { method: 'DELETE', token: value })).status).toBe(401);
    expect((await env.server.api('/products/999999', { method: 'DELETE', token: next })).status).toBe(404);
    await context.close();
  });

  it('offline, the API tab says tokens are managed online only, and lists them again when the connection returns', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('button', { name: 'Créer un jeton' }).waitFor();
    await context.setOffline(true);
    await page.getByText("Les jetons d'API se gèrent en ligne uniquement : cet onglet s'affichera au retour de la connexion.").waitFor();
    expect(await page.getByRole('button', { name: 'Créer un jeton' }).count()).toBe(0);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Créer un jeton' }).waitFor();
    await context.close();
  });
});

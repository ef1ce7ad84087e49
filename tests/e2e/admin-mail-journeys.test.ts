// Admin mail journeys in Chromium against the real server, the built PWA and a real SMTP server on
// loopback: create, test and assign an account; reply to a contact message; send a newsletter;
// export subscribers; delete a message offline and see it reach the server once back online.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { tablesOf } from '@app/db';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtp.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin, withDb } from '../support/auth.ts';
import { signInThroughUi } from './admin-support.ts';

describe('admin mail journeys', () => {
  let server: TestServer;
  let browser: Browser;
  let smtp: TestSmtp;
  beforeAll(async () => {
    [server, browser, smtp] = await Promise.all([startServer({ full: true }), launchBrowser(), startSmtpServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  async function signedInPage(path: string) {
    await signInAsAdmin(server); // the forced password change is done once, by the API
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInThroughUi(page, server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.goto(`${server.url}/admin${path}`);
    return { context, page };
  }

  const toast = (page: Page, title: string) => page.locator('.toast-title', { hasText: title }).first().waitFor();

  async function accountViaApi(name: string) {
    const { headers } = await signInAsAdmin(server);
    const res = await server.api('/smtp/accounts', { method: 'POST', headers, json: smtp.account({ name }) });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  }

  async function contactMessage(email: string, message: string) {
    const res = await server.api('/inquiries', {
      method: 'POST',
      json: { name: 'Client e2e', email, phone: '+33 6 11 22 33 44', message, language: 'fr' },
    });
    expect(res.status).toBe(201);
  }

  it('creates an SMTP account only after a successful test, then assigns it to the newsletter and the French contact form', async () => {
    const { context, page } = await signedInPage('/settings');
    await page.getByText('Aucun compte SMTP configuré').waitFor();
    await page.getByRole('button', { name: 'Ajouter un compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau compte SMTP' });
    await dialog.getByLabel('Nom du compte').fill('Boîte de test locale');
    await dialog.getByLabel('Hôte SMTP').fill(smtp.host);
    await dialog.getByLabel('Port').fill(String(smtp.port));
    await dialog.getByLabel('Utilisateur').fill(smtp.user);
    await dialog.getByLabel('Mot de passe').fill(smtp.password);
    await dialog.getByLabel("Nom d'expéditeur").fill('Provence Moteurs');
    await dialog.getByLabel("Email d'expéditeur").fill('noreply@example.test');
    await dialog.getByRole('button', { name: 'Créer le compte' }).click();
    await dialog.getByText('Vous devez tester la connexion avant de créer le compte').waitFor();

    await dialog.getByRole('button', { name: 'Tester la connexion' }).click();
    await toast(page, 'Connexion SMTP réussie');
    await dialog.getByText('Testé', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Créer le compte' }).click();
    await toast(page, 'Compte SMTP créé avec succès');
    const card = page.getByRole('article', { name: 'Boîte de test locale' });
    await card.getByText(`${smtp.host}:${smtp.port}`).waitFor();

    await page.getByRole('tab', { name: "Assignations d'usage" }).click();
    const newsletter = page.getByRole('article', { name: 'Newsletter' });
    await newsletter.getByLabel('Compte SMTP').selectOption({ label: 'Boîte de test locale' });
    await newsletter.getByText('Configuré', { exact: true }).waitFor();
    const fr = page.getByRole('article', { name: 'Formulaire de contact (français)' });
    await fr.getByLabel('Compte SMTP').selectOption({ label: 'Boîte de test locale' });
    await fr.getByText('Configuration incomplète - Veuillez saisir un email de réception').waitFor();
    await fr.getByLabel('Email de réception').fill('ventes@example.test');
    await fr.getByLabel('Email de réception').blur();
    await fr.getByText('Configuré', { exact: true }).waitFor();

    const { headers } = await signInAsAdmin(server);
    await expect
      .poll(async () =>
        ((await (await server.api('/smtp/settings', { headers })).json()) as { settings: { usageType: string; state: string }[] }).settings
          .map((s) => `${s.usageType}:${s.state}`)
          .sort(),
      )
      .toEqual(['contact_form_fr:configured', 'newsletter:configured']);
    const accounts = await (await server.api('/smtp/accounts', { headers })).json();
    expect(JSON.stringify(accounts)).not.toContain(smtp.password);
    await context.close();
  });

  it('replies to a contact message from the quick-reply modal and the reply reaches the mail server', async () => {
    await accountViaApi('Réponses clients');
    const visitor = `client-${randomBytes(4).toString('hex')}@example.test`;
    await contactMessage(visitor, 'Quel est le délai de livraison du moteur ?');
    const { context, page } = await signedInPage('/messages');
    const card = page.getByRole('article').filter({ hasText: visitor });
    await card.getByText('Quel est le délai de livraison du moteur ?').waitFor();
    expect(await card.getByRole('link', { name: 'Appeler' }).getAttribute('href')).toBe('tel:+33611223344');
    const mailto = new URL((await card.getByRole('link', { name: 'Répondre par email' }).getAttribute('href'))!);
    expect(mailto.searchParams.get('subject')).toBe('Re: Votre demande via Provence Moteurs');

    await card.getByRole('button', { name: 'Réponse rapide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Répondre à Client e2e' });
    expect(await dialog.getByLabel('Sujet').inputValue()).toBe('Re: Votre demande via Provence Moteurs');
    expect(await dialog.getByLabel('Destinataire').inputValue()).toBe(visitor);
    await dialog.getByLabel("Compte d'envoi").selectOption({ label: 'Réponses clients' });
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('Bonjour,\n\nLivraison sous 3 semaines.\n\nCordialement');
    await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await toast(page, 'Réponse envoyée');
    await dialog.waitFor({ state: 'detached' });

    const [mail] = await smtp.waitFor((m) => m.to.includes(visitor) && m.parsed.subject === 'Re: Votre demande via Provence Moteurs');
    expect(mail!.parsed.text).toContain('Livraison sous 3 semaines.');
    await context.close();
  });

  it('sends a newsletter with visible progress and it is delivered to every active subscriber', async () => {
    const { headers } = await signInAsAdmin(server);
    const assigned = await server.api('/smtp/settings/newsletter', {
      method: 'PUT',
      headers,
      json: { smtpAccountId: (await accountViaApi('Newsletter')).id },
    });
    expect(assigned.status).toBe(200);
    const active = ['abonne-1@example.test', 'abonne-2@example.test'];
    await withDb(server, async (db) => {
      for (const email of [...active, 'ancien@example.test'])
        await db.insert(tablesOf(db).newsletterSubscribers).values({
          email,
          isActive: email !== 'ancien@example.test',
          confirmedAt: new Date(),
          unsubscribeToken: randomBytes(24).toString('base64url'),
        });
    });
    const { context, page } = await signedInPage('/newsletter');
    await page.getByText('abonne-1@example.test').waitFor();
    await page.getByRole('button', { name: /Envoyer un message/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer un message aux abonnés' });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await toast(page, 'Erreur de validation');
    await dialog.getByLabel('Sujet (français)').fill('Nouveautés du printemps');
    await dialog.getByLabel('Contenu (français)').fill('Découvrez nos nouveaux groupes électrogènes.');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('heading', { name: /Dernier envoi : « Nouveautés du printemps »/ }).waitFor();
    await toast(page, 'Message envoyé');
    await page.getByText(/Newsletter envoyée à 2 abonnés/).waitFor();

    const mails = await smtp.waitFor((m) => m.parsed.subject === 'Nouveautés du printemps', { count: 2 });
    expect(mails.flatMap((m) => m.to).sort()).toEqual(active);
    await context.close();
  });

  it('exports the subscribers as CSV and JSON files named newsletter-subscribers.{format}', async () => {
    await withDb(server, async (db) =>
      db
        .insert(tablesOf(db).newsletterSubscribers)
        .values({
          email: 'export@example.test',
          isActive: true,
          confirmedAt: new Date(),
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })
        .onConflictDoNothing(),
    );
    const { context, page } = await signedInPage('/newsletter');
    await page.getByText('export@example.test').waitFor();
    for (const format of ['csv', 'json'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Exporter en ${format.toUpperCase()}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`newsletter-subscribers.${format}`);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      expect(text).toContain('export@example.test');
      if (format === 'json') expect((JSON.parse(text) as { email: string }[]).some((r) => r.email === 'export@example.test')).toBe(true);
      else expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toContain('email');
      await toast(page, 'Export réussi');
    }
    await context.close();
  });

  it('deletes a message offline, shows it waiting, and deletes it on the server once back online', async () => {
    const visitor = `hors-ligne-${randomBytes(4).toString('hex')}@example.test`;
    await contactMessage(visitor, 'Message à supprimer hors ligne');
    const { headers } = await signInAsAdmin(server);
    const stillThere = async () =>
      ((await (await server.api('/inquiries?limit=100', { headers })).json()) as { inquiries: { email: string }[] }).inquiries.some(
        (i) => i.email === visitor,
      );
    const { context, page } = await signedInPage('/messages');
    const card = page.getByRole('article').filter({ hasText: visitor });
    await card.waitFor();

    await context.setOffline(true);
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Êtes-vous sûr de vouloir supprimer ce message ?');
      void d.accept();
    });
    await card.getByRole('button', { name: /Supprimer/ }).click();
    await toast(page, 'Enregistré hors ligne');
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Modifications en attente : 1/ }).waitFor();
    expect(await stillThere()).toBe(true);

    await context.setOffline(false);
    await expect.poll(stillThere, { timeout: 20_000 }).toBe(false);
    await page.getByRole('button', { name: /Modifications en attente : 0/ }).waitFor();
    await context.close();
  });
});

// The admin shows the server's own refusals in its language, not the browser's: it sends its language
// with every call (Accept-Language) and the API answers in it. Chromium against the real server, the
// built PWA and a real SMTP server on loopback that refuses a wrong password.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/browser.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtp.ts';
import { signInThroughUi } from './admin-support.ts';

describe("server errors in the admin's language", () => {
  const env = serverAndBrowser();
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.stop());

  /** A signed-in admin in a browser whose own Accept-Language is `locale`'s. */
  async function adminIn(locale: string) {
    await signInAsAdmin(env.server);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const page = await context.newPage();
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    return { context, page };
  }

  async function testWithWrongPassword(
    page: Page,
    t: { newTitle: string; name: string; host: string; user: string; password: string; fromName: string; fromEmail: string; test: string },
  ) {
    const dialog = page.getByRole('dialog', { name: t.newTitle });
    await dialog.getByLabel(t.name).fill('Local test box');
    await dialog.getByLabel(t.host).fill(smtp.host);
    await dialog.getByLabel('Port').fill(String(smtp.port));
    await dialog.getByLabel(t.user).fill(smtp.user);
    await dialog.getByLabel(t.password).fill('not-the-password');
    await dialog.getByLabel(t.fromName).fill('Provence Moteurs');
    await dialog.getByLabel(t.fromEmail).fill('noreply@example.test');
    await dialog.getByRole('button', { name: t.test }).click();
    return dialog;
  }

  it("in the English admin of a French browser, reads the mail server's refusal in English", async () => {
    const { context, page } = await adminIn('fr-FR');
    await page.getByRole('button', { name: 'Switch the admin to English' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByText('No SMTP account configured').waitFor();
    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = await testWithWrongPassword(page, {
      newTitle: 'New SMTP account',
      name: 'Account name',
      host: 'SMTP host',
      user: 'User',
      password: 'Password',
      fromName: 'Sender name',
      fromEmail: 'Sender e-mail',
      test: 'Test the connection',
    });
    // The refusal's text comes from the server; the admin only frames it.
    await page.getByText('Connection failed: The SMTP server refused the credentials').waitFor();
    await dialog.getByText('Not tested', { exact: true }).waitFor();
    await context.close();
  });

  it('in the French admin of an English browser, reads it in French', async () => {
    const { context, page } = await adminIn('en-US');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Paramètres' }).click();
    await page.getByRole('button', { name: 'Ajouter un compte' }).click();
    await testWithWrongPassword(page, {
      newTitle: 'Nouveau compte SMTP',
      name: 'Nom du compte',
      host: 'Hôte SMTP',
      user: 'Utilisateur',
      password: 'Mot de passe',
      fromName: "Nom d'expéditeur",
      fromEmail: "Email d'expéditeur",
      test: 'Tester la connexion',
    });
    await page.getByText('Échec de la connexion: Authentification refusée par le serveur SMTP').waitFor();
    await context.close();
  });
});

// The contact form in Chromium with JavaScript disabled, in French and in English: a message sent is
// stored (read back as an administrator) and the page shows the success text; an invalid one shows the
// page again with each field's error and what was typed. Expected texts are written here from the spec
// and the site's wording, not read from the dictionaries they check.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Lang } from '@app/domain/lang';
import { signInAsAdmin } from '../support/auth.ts';
import { engineInput } from '../fixtures/catalogue.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { visitorContext } from './site-browser.ts';

const env = serverAndBrowser();

const TEXT = {
  fr: {
    path: '/contact',
    name: 'Nom',
    phone: 'Téléphone (facultatif)',
    email: 'E-mail',
    message: 'Message',
    send: 'Envoyer',
    success: 'Message envoyé avec succès ! Nous vous répondrons rapidement.',
    error: "Erreur lors de l'envoi. Veuillez réessayer.",
    emailInvalid: 'Adresse e-mail invalide',
    messageRequired: 'Le message est requis',
  },
  en: {
    path: '/en/contact',
    name: 'Name',
    phone: 'Phone (optional)',
    email: 'E-mail',
    message: 'Message',
    send: 'Send',
    success: 'Message sent successfully! We will respond quickly.',
    error: 'Error sending message. Please try again.',
    emailInvalid: 'Please enter a valid email address',
    messageRequired: 'Please enter a message',
  },
} as const;

type Stored = { name: string; email: string; phone: string | null; message: string; language: string; productReference: string | null };
async function storedFrom(email: string): Promise<Stored[]> {
  const { accessToken } = await signInAsAdmin(env.server);
  const res = await env.server.api('/inquiries?limit=100', { token: accessToken });
  expect(res.status).toBe(200);
  return ((await res.json()) as { inquiries: Stored[] }).inquiries.filter((i) => i.email === email);
}

/** The text of the error a field points to (aria-describedby), or null. */
async function errorOf(page: Page, label: string) {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return id ? page.locator(`#${id}`).textContent() : null;
}

describe.each(['fr', 'en'] as Lang[])('the contact form without JavaScript, in %s', (lang) => {
  const x = TEXT[lang];

  it('sends the message: the page shows the success text and the message is stored', async () => {
    const context = await visitorContext(env.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}${x.path}`);
    const email = `sans-script-${lang}@example.org`;
    await page.getByLabel(x.name, { exact: true }).fill('Claire Dubois');
    await page.getByLabel(x.phone, { exact: true }).fill('04 90 00 00 00');
    await page.getByLabel(x.email, { exact: true }).fill(email);
    await page.getByLabel(x.message, { exact: true }).fill('Bonjour,\nsans JavaScript.');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('sent') === '1'), page.getByRole('button', { name: x.send }).click()]);
    expect(new URL(page.url()).pathname).toBe(x.path);
    expect(await page.getByRole('status').filter({ hasText: x.success }).textContent()).toBe(x.success);
    // The form is empty again, ready for another message.
    expect(await page.getByLabel(x.name, { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel(x.message, { exact: true }).inputValue()).toBe('');
    expect(await storedFrom(email)).toEqual([
      // A browser sends a form's line breaks as CR LF (HTML's form encoding).
      expect.objectContaining({ name: 'Claire Dubois', phone: '04 90 00 00 00', message: 'Bonjour,\r\nsans JavaScript.', language: lang }),
    ]);
    await context.close();
  });

  it('refuses invalid fields: each error next to its field, and what was typed is kept', async () => {
    const context = await visitorContext(env.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}${x.path}`);
    const email = `invalide-${lang}@`;
    await page.getByLabel(x.name, { exact: true }).fill('Claire Dubois');
    await page.getByLabel(x.phone, { exact: true }).fill('04 90 00 00 00');
    await page.getByLabel(x.email, { exact: true }).fill(email);
    const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === x.path);
    await page.getByRole('button', { name: x.send }).click();
    expect((await answer).status()).toBe(400);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').locator('p').first().textContent()).toBe(x.error);
    expect(await errorOf(page, x.email)).toBe(x.emailInvalid);
    expect(await errorOf(page, x.message)).toBe(x.messageRequired);
    expect(await errorOf(page, x.name)).toBeNull();
    expect(await page.getByLabel(x.email, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(x.name, { exact: true }).inputValue()).toBe('Claire Dubois');
    expect(await page.getByLabel(x.phone, { exact: true }).inputValue()).toBe('04 90 00 00 00');
    expect(await page.getByLabel(x.email, { exact: true }).inputValue()).toBe(email);

    // Corrected and sent again from the same page: stored once.
    const fixed = `corrige-${lang}@example.org`;
    await page.getByLabel(x.email, { exact: true }).fill(fixed);
    await page.getByLabel(x.message, { exact: true }).fill('Corrigé.');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('sent') === '1'), page.getByRole('button', { name: x.send }).click()]);
    expect(await page.getByRole('status').filter({ hasText: x.success }).count()).toBe(1);
    expect(await storedFrom(email)).toEqual([]);
    expect(await storedFrom(fixed)).toEqual([expect.objectContaining({ name: 'Claire Dubois', message: 'Corrigé.', language: lang })]);
    await context.close();
  });
});

describe('a quote request without JavaScript', () => {
  it('stores the listing the page showed, and a refusal shows it again', async () => {
    const { accessToken } = await signInAsAdmin(env.server);
    const json = engineInput({ titleFr: 'Moteur Devis', titleEn: 'Quote engine' });
    const created = await env.server.api('/products', { method: 'POST', json, token: accessToken });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const context = await visitorContext(env.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/en/contact?ref=${id}`);
    const reference = page.getByText('Listing reference').locator('strong');
    expect(await reference.textContent()).toBe(`#${id} – Quote engine`);

    // Refused first (no name): the page again, with the listing.
    const email = 'devis-sans-script@example.org';
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await answer).status()).toBe(400);
    await page.getByRole('alert').waitFor();
    expect(await reference.textContent()).toBe(`#${id} – Quote engine`);

    await page.getByLabel('Name', { exact: true }).fill('Claire Dubois');
    await Promise.all([page.waitForURL((url) => url.searchParams.get('sent') === '1'), page.getByRole('button', { name: 'Send' }).click()]);
    expect(await storedFrom(email)).toEqual([
      expect.objectContaining({ name: 'Claire Dubois', language: 'en', productReference: `#${id} – Quote engine` }),
    ]);
    await context.close();
  });
});

// Editing an existing technical document's English title in Chromium: the admin sets it in the
// edit dialog, the English library shows it at once and the French one keeps the French title.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { pdf, signedInPage } from './admin-support.ts';

describe('technical document edit', () => {
  const env = serverAndBrowser();

  it('sets the English title of an existing document; the English library shows it, the French one keeps its own', async () => {
    const { headers } = await signInAsAdmin(env.server);
    const form = new FormData();
    form.append('title', 'Fiche technique D13');
    form.append('titleFr', 'Fiche technique D13');
    form.append('document', new Blob([pdf.buffer], { type: pdf.mimeType }), 'd13.pdf');
    expect((await env.server.api('/admin/technical-documents/upload', { method: 'POST', headers, body: form })).status).toBe(201);

    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/documents`);
    await page.getByRole('button', { name: 'Modifier Fiche technique D13' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le document technique' });
    expect(await dialog.getByLabel('Titre (anglais)').inputValue()).toBe('');
    await dialog.getByLabel('Titre (anglais)').fill('D13 data sheet');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.toast-message', { hasText: 'Document modifié' }).first().waitFor();

    await page.goto(`${env.server.url}/en/documentation`);
    await page.getByText('D13 data sheet').first().waitFor();
    expect(await page.getByText('Fiche technique D13').count()).toBe(0);
    await page.goto(`${env.server.url}/documentation`);
    await page.getByText('Fiche technique D13').first().waitFor();
    expect(await page.getByText('D13 data sheet').count()).toBe(0);

    // Reopened, the dialog shows what was saved.
    await page.goto(`${env.server.url}/admin/documents`);
    await page.getByRole('button', { name: 'Modifier Fiche technique D13' }).click();
    expect(await page.getByRole('dialog', { name: 'Modifier le document technique' }).getByLabel('Titre (anglais)').inputValue()).toBe(
      'D13 data sheet',
    );
    await context.close();
  });
});

// Every admin screen in both languages, in Chromium against the real server and the built PWA: the
// English walk finds English texts on each screen and none of the spec's French texts; the French
// walk finds the spec's texts (from the hand-written fixture), as back-office.txt writes them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { backOffice, session, specText } from '../fixtures/spec-texts.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { createListingViaApi, signedInPage } from './admin-support.ts';

/** The spec's French texts that could only be French on a screen: with a space or an accent, no placeholder. */
function frenchTexts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(frenchTexts);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === 'en' ? [] : frenchTexts(value)));
}
const FRENCH_SPEC_TEXTS = frenchTexts({ backOffice, session }).filter((t) => /[\sàâçéèêëîïôûùüœÉ]/.test(t) && !/\{|\.\.\./.test(t));

async function frenchSpecTextsOn(page: Page) {
  const text = await page.locator('body').innerText();
  return FRENCH_SPEC_TEXTS.filter((t) => text.includes(t));
}
const expectNoFrenchSpecText = async (page: Page, screen: string) => expect(await frenchSpecTextsOn(page), screen).toEqual([]);

const visible = async (page: Page, text: string) =>
  (await page.getByText(text, { exact: true }).first().isVisible()) ||
  (await page.getByRole('option', { name: text, exact: true }).count()) > 0;

describe('admin screens in English and in French', () => {
  const env = serverAndBrowser();
  const listings: Record<'en' | 'fr', number> = { en: 0, fr: 0 };

  beforeAll(async () => {
    listings.en = (await createListingViaApi(env.server, 'Groupe 250 kVA journée anglaise')).id;
    listings.fr = (await createListingViaApi(env.server, 'Groupe 250 kVA journée française')).id;
    const res = await env.server.api('/inquiries', {
      method: 'POST',
      json: {
        name: 'Client langues',
        email: 'langues@example.test',
        phone: '+33 6 11 22 33 44',
        message: 'Bonjour, ce groupe est-il disponible ?',
        language: 'fr',
      },
    });
    expect(res.status).toBe(201);
  });

  it('walks every screen in English: English texts on each, none of the spec French texts left', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.getByRole('button', { name: 'Switch the admin to English' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    // Dashboard
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Quick actions').waitFor();
    await expectNoFrenchSpecText(page, 'dashboard');
    // The header's brand is the configured company's, not a literal of the admin.
    const { brand } = (await (await env.server.api('/company')).json()) as { brand: string };
    await page.locator('header.topbar .brand').getByText(brand, { exact: true }).waitFor();

    // Listings
    await nav.getByRole('link', { name: 'Listings' }).click();
    await page.getByRole('heading', { name: 'Listings', level: 1 }).waitFor();
    await page.getByRole('row', { name: /journée anglaise/ }).waitFor();
    expect(await page.getByRole('option', { name: 'Generator sets' }).count()).toBe(1);
    await expectNoFrenchSpecText(page, 'listings');

    // Listing form
    await page.getByRole('link', { name: 'New listing' }).first().click();
    await page.getByRole('heading', { name: 'New listing', level: 1 }).waitFor();
    for (const label of ['Title (French)', 'Title (English)', 'Power unit', 'Weight (kg)'])
      expect(await page.getByLabel(label, { exact: false }).count(), label).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create listing' }).waitFor();
    await page.getByRole('button', { name: 'Add a specification' }).waitFor();
    await page.getByText('Drag and drop your files here or').first().waitFor();
    await expectNoFrenchSpecText(page, 'listing form');

    // Listing view
    await page.goto(`${env.server.url}/admin/annonces/${listings.en}/view`);
    await page.getByRole('heading', { name: 'General information' }).waitFor();
    await page.getByRole('heading', { name: 'Technical specifications' }).waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await visible(page, 'No documents')).toBe(true);
    expect(await visible(page, 'On request')).toBe(true);
    await expectNoFrenchSpecText(page, 'listing view');

    // Messages and a reply
    await nav.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Reply by e-mail' }).waitFor();
    await page.getByRole('link', { name: 'Call' }).waitFor();
    await expectNoFrenchSpecText(page, 'messages');
    await page.getByRole('button', { name: 'Quick reply' }).click();
    const reply = page.getByRole('dialog', { name: 'Reply to Client langues' });
    await reply.getByText('No active SMTP account').waitFor();
    await reply.getByRole('button', { name: 'Send reply' }).waitFor();
    expect(await reply.getByLabel('Sending account').count()).toBe(1);
    await expectNoFrenchSpecText(page, 'reply dialog');
    await reply.getByRole('button', { name: 'Cancel' }).click();

    // Technical documents and the create dialog
    await nav.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'Technical documents', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Statistics' }).waitFor();
    await expectNoFrenchSpecText(page, 'documents');
    await page.getByRole('button', { name: 'Create' }).click();
    const create = page.getByRole('dialog', { name: 'New technical document' });
    await create.getByLabel('Title (English)').waitFor();
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Please select a file').waitFor();
    await create.getByText('Please enter a title').waitFor();
    await expectNoFrenchSpecText(page, 'document dialog');
    await create.getByRole('button', { name: 'Cancel' }).click();

    // Settings, its three tabs
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'E-mail sending settings', level: 1 }).waitFor();
    await page.getByText('No SMTP account configured').waitFor();
    await expectNoFrenchSpecText(page, 'SMTP accounts');
    await page.getByRole('tab', { name: 'Usage assignments' }).click();
    await page.getByRole('heading', { name: 'Contact form (French)' }).waitFor();
    expect(await page.getByText('Incomplete configuration', { exact: true }).count()).toBeGreaterThan(0);
    await expectNoFrenchSpecText(page, 'usage assignments');
    await page.getByRole('tab', { name: 'API' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByText('No API token').waitFor();
    await page.getByRole('button', { name: 'Create a token' }).click();
    const tokenForm = page.getByRole('dialog', { name: 'Create a token' });
    await tokenForm.getByLabel('Access').selectOption({ label: 'Custom' });
    await tokenForm.getByRole('group', { name: 'Listings' }).getByLabel('Write').waitFor();
    await tokenForm.getByLabel('Expiry').selectOption({ label: 'Never (revoke it by hand)' });
    await tokenForm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const hookForm = page.getByRole('dialog', { name: 'Add a webhook' });
    await hookForm.getByLabel('All events').waitFor();
    await hookForm.getByRole('button', { name: 'Add the webhook' }).click();
    await hookForm.getByText('The URL is required').waitFor();
    await hookForm.getByText('Tick at least one event').waitFor();
    await hookForm.getByLabel('Newsletter sent').waitFor();
    await expectNoFrenchSpecText(page, 'webhook form');
    await hookForm.getByRole('button', { name: 'Cancel' }).click();

    // Newsletter
    await nav.getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Export as CSV' }).waitFor();
    await expectNoFrenchSpecText(page, 'newsletter');

    // The outbox panel: a change made offline waits there.
    await nav.getByRole('link', { name: 'Listings' }).click();
    const row = page.getByRole('row', { name: /journée anglaise/ });
    await row.waitFor();
    await context.setOffline(true);
    await row.getByRole('button', { name: 'Standard' }).click();
    await page.getByText('Saved offline').waitFor();
    await page.getByRole('button', { name: 'Pending changes: 1' }).click();
    const outbox = page.getByRole('dialog', { name: 'Offline changes' });
    await outbox.getByText('Waiting', { exact: true }).waitFor();
    await outbox.getByText(/Featuring the listing “Groupe 250 kVA journée anglaise”/).waitFor();
    await expectNoFrenchSpecText(page, 'outbox panel');
    await outbox.getByRole('button', { name: 'Close' }).first().click();
    await context.setOffline(false);

    // Sign-in, in the language the admin chose.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Administrator sign-in' }).waitFor();
    await page.getByLabel('E-mail').fill('admin@example.test');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Incorrect e-mail or password').waitFor();
    await expectNoFrenchSpecText(page, 'sign-in');
    await context.close();
  });

  it("walks every screen in French and finds the spec's texts", async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const t = backOffice;

    // Listings: the featured states and the categories of the spec.
    await nav.getByRole('link', { name: 'Annonces' }).click();
    const row = page.getByRole('row', { name: /journée française/ });
    await row.getByRole('button', { name: t.listings.standard.fr }).waitFor();
    for (const category of t.listings.categories.fr)
      expect(await page.getByRole('option', { name: category, exact: true }).count(), category).toBe(1);

    // Listing form
    await page.goto(`${env.server.url}/admin/annonces/new`);
    await page.getByRole('button', { name: t.listingForm.create.fr }).waitFor();

    // Listing view
    await page.goto(`${env.server.url}/admin/annonces/${listings.fr}/view`);
    await page.getByRole('link', { name: t.listingView.edit.fr }).waitFor();
    await page.getByRole('button', { name: t.listingView.delete.fr }).waitFor();
    for (const text of [
      t.listingView.noImages.fr,
      t.listingView.noDocuments.fr,
      t.listingView.typeGenerator.fr,
      t.listingView.standard.fr,
      t.listingView.priceOnRequest.fr,
    ])
      expect(await visible(page, text), text).toBe(true);
    // The English walk's check would catch these: it finds the spec's French texts on a French screen.
    expect(await frenchSpecTextsOn(page)).toEqual(expect.arrayContaining([t.listingView.noImages.fr, t.listingView.noDocuments.fr]));
    await page.getByRole('button', { name: t.listingView.add.fr }).click();
    await page.getByRole('button', { name: t.listingView.upload.fr }).waitFor();
    await page.getByRole('button', { name: t.listingView.cancel.fr }).click();
    await page.getByRole('button', { name: t.listingView.delete.fr }).click();
    const confirm = page.getByRole('alertdialog', { name: "Supprimer l'annonce" });
    // The spec's '...' is the listing's title, set in guillemets.
    await confirm.getByText(t.listingView.deleteConfirm.fr.replace('...', '« Groupe 250 kVA journée française »')).waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();

    // Messages and a reply
    await nav.getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('link', { name: t.messages.replyByEmail.fr }).waitFor();
    await page.getByRole('link', { name: t.messages.call.fr }).waitFor();
    await page.getByRole('button', { name: t.messages.quickReply.fr }).click();
    const reply = page.getByRole('dialog', { name: 'Répondre à Client langues' });
    await reply.getByText(t.messages.noActiveAccount.fr, { exact: true }).waitFor();
    const brand = (await (await env.server.api('/company')).json()) as { brand: string };
    expect(await reply.getByLabel('Sujet').inputValue()).toBe(specText(t.messages.replySubject.fr, { brand: brand.brand }));
    await reply.getByRole('button', { name: 'Annuler' }).click();

    // Technical documents and the create dialog
    await nav.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: t.technicalDocuments.title.fr, level: 1 }).waitFor();
    await page.getByRole('button', { name: t.technicalDocuments.stats.fr }).waitFor();
    await page.getByRole('button', { name: t.technicalDocuments.create.fr }).click();
    const create = page.getByRole('dialog', { name: 'Nouveau document technique' });
    expect(await create.getByRole('option', { name: t.technicalDocuments.noProduct.fr }).count()).toBe(1);
    await create.getByRole('button', { name: t.technicalDocuments.create.fr }).click();
    await create.getByText(t.technicalDocuments.missingFile.fr).waitFor();
    await create.getByText(t.technicalDocuments.missingTitle.fr).waitFor();
    await create.getByRole('button', { name: 'Annuler' }).click();

    // Settings, its three tabs
    await nav.getByRole('link', { name: 'Paramètres' }).click();
    await page.getByRole('tab', { name: t.smtp.accountsTab.fr }).waitFor();
    await page.getByText(t.smtp.empty.fr).waitFor();
    await page.getByRole('tab', { name: t.smtp.usageTab.fr }).click();
    expect(await page.getByText(t.smtp.incomplete.fr, { exact: true }).count()).toBeGreaterThan(0);

    // Newsletter: no subscriber yet.
    await nav.getByRole('link', { name: 'Newsletter' }).click();
    await page.getByText(t.newsletter.noSubscribers.fr).waitFor();

    // The outbox panel
    await nav.getByRole('link', { name: 'Annonces' }).click();
    await row.waitFor();
    await context.setOffline(true);
    await row.getByRole('button', { name: t.listings.standard.fr }).click();
    await page.getByRole('button', { name: 'Modifications en attente : 1' }).click();
    const outbox = page.getByRole('dialog', { name: 'Modifications hors ligne' });
    await outbox.getByText("Mise en vedette de l'annonce « Groupe 250 kVA journée française »").waitFor();
    await outbox.getByText('En attente', { exact: true }).waitFor();
    await outbox.getByRole('button', { name: 'Fermer' }).first().click();
    await context.setOffline(false);

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.getByRole('heading', { name: 'Connexion administrateur' }).waitFor();
    await context.close();
  });
});

// Helpers of the admin journeys: the built admin against a real server, sign-in through the UI,
// and small files the API accepts (real PNGs from the admin's icons, a minimal PDF).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot, type TestServer } from '../support/server.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';

export const png = (name: 'icon-192.png' | 'icon-512.png' | 'maskable-512.png') => ({
  name,
  mimeType: 'image/png',
  buffer: fs.readFileSync(path.join(repoRoot, 'admin-pwa/public/icons', name)),
});

export const pdf = {
  name: 'fiche-technique.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
};

export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Fills the listing form's required fields for a marine engine (the files are the test's own). */
export async function fillEngineForm(page: Page, titleFr: string, titleEn: string, model: string) {
  await page.getByLabel('Titre (français)').fill(titleFr);
  await page.getByLabel('Titre (anglais)').fill(titleEn);
  await page.getByLabel('Marque').fill('Volvo Penta');
  await page.getByLabel('Modèle').fill(model);
  await page.getByLabel('Description (français)').fill('Moteur marin révisé.');
  await page.getByLabel('Description (anglais)').fill('Overhauled marine engine.');
}

/** A valid listing (generator) for the API; tests change its title. */
export const LISTING = {
  titleFr: 'Groupe électrogène 250 kVA e2e',
  titleEn: 'Generator set 250 kVA e2e',
  descriptionFr: 'Groupe de secours capoté, démarrage automatique.',
  descriptionEn: 'Canopied standby generator, automatic start.',
  type: 'generator',
  brand: 'Perkins',
  model: 'P250',
  condition: 'used',
  powerOutput: 250,
  powerUnit: 'kva',
  fuelType: 'diesel',
  voltage: '400V',
  phase: '3',
  weight: 2400,
  featured: false,
};

export async function createListingViaApi(server: TestServer, title: string, extra: Partial<typeof LISTING> = {}) {
  const { headers } = await signInAsAdmin(server);
  const res = await server.api('/products', { method: 'POST', headers, json: { ...LISTING, titleFr: title, titleEn: title, ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; version: number };
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/**
 * A new browser context signed in, on the dashboard (the forced change done by the API). By default the
 * session is the API's, its refresh cookie set as the sign-in sets it: the admin restores it at its first
 * load, as after a reload, a page load and a password check fewer than the sign-in page (about 1 s). With
 * throughUi, signed in on the sign-in page, for the tests about what that sign-in leaves behind.
 */
export async function signedInPage(browser: Browser, server: TestServer, { throughUi = false } = {}) {
  const { refreshToken } = await signInAsAdmin(server);
  const { context, page } = await newPage(browser);
  if (throughUi) await signInThroughUi(page, server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
  else {
    await context.addCookies([
      { name: 'pm_refresh', value: refreshToken, url: `${server.url}/api/auth/refresh`, httpOnly: true, sameSite: 'Strict' },
    ]);
    await page.goto(`${server.url}/admin/`);
  }
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  return { context, page };
}

const NOT_FOUND = '/admin/ecran-inconnu';
const notFoundHeading = (page: Page) => page.getByRole('heading', { name: 'Page introuvable', exact: true });

/**
 * Goes to an admin path inside the running app, as the browser's forward button does (the router hears
 * popstate): no page load, so the app, its service worker and axe-core stay loaded from screen to screen.
 * Through the not-found screen first, whose heading no other screen shows: once it is there the screen
 * before is gone (a screen shown again, a tab or a dialog left open included), and once it is gone the
 * screen asked for is the one rendering, so its `ready` cannot be met by what the screen before showed.
 * `unknown`: the path is one no route takes, so the not-found screen stays.
 */
export async function goInApp(page: Page, path: string, { unknown = path === NOT_FOUND } = {}) {
  const to = async (target: string) =>
    page.evaluate((url) => {
      const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, target);
  await to(NOT_FOUND);
  await notFoundHeading(page).waitFor();
  // No dialog of the screen before stays open over the next one.
  await expect.poll(() => page.getByRole('dialog').or(page.getByRole('alertdialog')).count()).toBe(0);
  if (path === NOT_FOUND) return;
  await to(path);
  if (!unknown) await notFoundHeading(page).waitFor({ state: 'detached' });
}

/**
 * Waits until the service worker controls the page and has finished activating, so the shell can be served
 * offline. The check is synchronous: Playwright's waitForFunction does not await a predicate's promise, so an
 * async one (as this was) passes at once, and the worker could still be "activating" (it claims the page
 * during its activate event, before it is "activated").
 */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Names and row counts of every object store of the admin's IndexedDB databases. */
export function indexedDbContents(page: Page) {
  return page.evaluate(async () => {
    const out: Record<string, number> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of [...db.objectStoreNames]) {
        out[`${info.name}.${store}`] = await new Promise<number>((resolve) => {
          const req = db.transaction(store).objectStore(store).count();
          req.onsuccess = () => resolve(req.result);
        });
      }
      db.close();
    }
    return out;
  });
}

/** The header's visible parts all sit on one row: their vertical middles agree, and the bar is one control high. */
export async function expectHeaderOnOneRow(page: Page, label: string) {
  const header = page.locator('header.topbar');
  const { height } = (await header.boundingBox())!;
  const middles = await header.evaluate((el) =>
    [...el.children]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => box.top + box.height / 2),
  );
  expect(middles.length, label).toBeGreaterThanOrEqual(3);
  expect(Math.max(...middles) - Math.min(...middles), `${label}: parts on different rows`).toBeLessThan(4);
  expect(height, `${label}: header height`).toBeLessThan(64);
}

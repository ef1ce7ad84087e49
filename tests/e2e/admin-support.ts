// Helpers of the admin journeys: the built admin against a real server, sign-in through the UI,
// and small files the API accepts (real PNGs from the admin's icons, a minimal PDF).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../support/server.ts';

export const png = (name: 'icon-192.png' | 'icon-512.png' | 'maskable-512.png') => ({
  name,
  mimeType: 'image/png',
  buffer: fs.readFileSync(path.join(repoRoot, 'admin-pwa/public/icons', name)),
});

export const pdf = {
  name: 'fiche-technique.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Waits until the service worker controls the page, so the shell can be served offline. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
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

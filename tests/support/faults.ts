// Faults produced for real: a table taken out of the running server's reach (its reads answer 500, as
// with a broken disk), and requests held in the browser so a loading state stays on screen.
import type { Page } from 'playwright-core';
import { exec } from '@app/db';
import { sqlText, withDb } from './auth.ts';
import type { TestServer } from './server.ts';

/** Renames `table` away while fn runs, then back, whatever fn does. */
export async function withoutTable(server: TestServer, table: string, fn: () => Promise<void>) {
  await withDb(server, (db) => exec(db, sqlText(`alter table ${table} rename to ${table}_away`)));
  try {
    await fn();
  } finally {
    await withDb(server, (db) => exec(db, sqlText(`alter table ${table}_away rename to ${table}`)));
  }
}

/** Holds the page's requests matching pattern until the returned function is called. */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

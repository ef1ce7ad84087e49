// Faults produced for real: a table taken out of the running server's reach (its reads answer 500, as
// with a broken disk), a table whose updates or inserts fail (the transaction writing it rolls back), and requests
// held in the browser so a loading state stays on screen.
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { announceChange, engineOf, exec } from '@app/db';
import { sqlText, withDb } from './auth.ts';
import type { TestServer } from './server.ts';

/**
 * The server's page cache drops what it kept: the change is announced as an administrator's page write
 * announces it (decision 109), and this returns once the server has taken it in, before the test's next
 * page request. On SQLite the server reads the counter row (at most 5 ms later); on PostgreSQL it learns of
 * it by a notification on its own listening connection (db/src/pg/data-changes.ts), which arrives whenever
 * that connection's backend and the server's event loop get their turn: on a loaded machine, after the
 * browser's next request, which the cache then answered with the page kept before the fault (issue 35).
 *
 * What shows it: a probe answer kept just before the announcement. While the cache holds it as current,
 * a HEAD is answered from memory with the ETag the cache gave it; once the version moved on, the HEAD
 * goes to the renderer, which sets none (api/src/http/page-cache.ts). robots.txt reads no table, so the
 * probe works whichever table is away; its own query string keeps it out of every page the test reads.
 */
async function dropPageCache(server: TestServer) {
  const probe = `${server.url}/robots.txt?page-cache-probe=${randomUUID()}`;
  const kept = await fetch(probe);
  await kept.arrayBuffer();
  const keptAsCurrent = async () => (await fetch(probe, { method: 'HEAD' })).headers.has('etag');
  if (!kept.ok || !(await keptAsCurrent())) throw new Error(`page-cache probe ${probe} was not kept (${kept.status})`);
  await withDb(server, (db) => announceChange(db));
  const deadline = Date.now() + 10_000;
  while (await keptAsCurrent()) {
    if (Date.now() > deadline) throw new Error('the server did not take the announced change in within 10 s');
    await setTimeout(5);
  }
}

/** Renames `table` away while fn runs, then back, whatever fn does; pages cached before show neither state. */
export async function withoutTable(server: TestServer, table: string, fn: () => Promise<void>) {
  const rename = async (from: string, to: string) => {
    await withDb(server, (db) => exec(db, sqlText(`alter table ${from} rename to ${to}`)));
    await dropPageCache(server);
  };
  await rename(table, `${table}_away`);
  try {
    await fn();
  } finally {
    await rename(`${table}_away`, table);
  }
}

/**
 * Every UPDATE of `table` fails while fn runs (a trigger raises), then works again, whatever fn does: the
 * server's transaction that writes the table rolls back, as after a full disk or a lost connection.
 */
export const withFailingUpdates = (server: TestServer, table: string, fn: () => Promise<void>) => withFailing(server, 'update', table, fn);

/** Every INSERT into `table` fails while fn runs, as withFailingUpdates: a write's later statement fails after its first ones ran. */
export const withFailingInserts = (server: TestServer, table: string, fn: () => Promise<void>) => withFailing(server, 'insert', table, fn);

async function withFailing(server: TestServer, event: 'update' | 'insert', table: string, fn: () => Promise<void>) {
  const trigger = `fault_${event}_${table}`;
  const engine = engineOf(process.env);
  const statements =
    engine === 'postgres'
      ? [
          `create or replace function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'fault injected'; end $$`,
          `create trigger ${trigger} before ${event} on ${table} for each row execute function ${trigger}()`,
        ]
      : [`create trigger ${trigger} before ${event} on ${table} begin select raise(abort, 'fault injected'); end`];
  const undo = engine === 'postgres' ? [`drop trigger ${trigger} on ${table}`, `drop function ${trigger}()`] : [`drop trigger ${trigger}`];
  await withDb(server, async (db) => {
    for (const statement of statements) await exec(db, sqlText(statement));
  });
  try {
    await fn();
  } finally {
    await withDb(server, async (db) => {
      for (const statement of undo) await exec(db, sqlText(statement));
    });
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

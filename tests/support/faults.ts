// Faults produced for real: a table taken out of the running server's reach (its reads answer 500, as
// with a broken disk), a table whose updates or inserts fail (the transaction writing it rolls back), and requests
// held in the browser so a loading state stays on screen.
import type { Page } from 'playwright-core';
import { announceChange, engineOf, exec } from '@app/db';
import { sqlText, withDb } from './auth.ts';
import type { TestServer } from './server.ts';

/**
 * The server's page cache drops what it kept: the change is announced as an administrator's page write
 * announces it (decision 109), a counter row the server reads (SQLite, at most 5 ms later) or a
 * notification it listens for (PostgreSQL), before the test's next page request.
 */
async function dropPageCache(server: TestServer) {
  await withDb(server, (db) => announceChange(db));
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

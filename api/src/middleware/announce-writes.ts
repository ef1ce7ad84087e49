// After a successful write through the API, tells the other instances that pages may have changed
// (PostgreSQL: a NOTIFY they listen for; SQLite: nothing, PRAGMA data_version already tells them).
// Done before the answer leaves, so a client that reads through another instance next sees the write.
import type { MiddlewareHandler } from 'hono';
import { announceChange } from '@app/db';
import type { AppEnv, Deps } from '../context.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const announceWrites =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (SAFE.has(c.req.method) || c.res.status >= 400) return;
    try {
      await announceChange(deps.db);
    } catch (err) {
      // The write is done; other instances catch up when their listener polls the counter again.
      deps.log.warn('data change not announced', { error: String(err) });
    }
  };

// After an administrator's write that changed what public pages show, moves every page cache on:
// this process's at once (deps.pages), the other instances' through the database (announceChange).
// Nothing else does: an anonymous or refused request, a sign-in or a contact message changes no page,
// and must not make every visitor's next page a render. Done before the answer leaves, so a client
// that reads through another instance next sees the write.
import type { MiddlewareHandler } from 'hono';
import { announceChange } from '@app/db';
import type { AppEnv, Deps } from '../context.ts';

const SAFE: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The resources public pages show: listings with their images and documents, and the technical library. */
const PAGE_DATA = /^\/api\/(?:products|admin\/technical-documents)(?:\/|$)/;

export const announceWrites =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (SAFE.has(c.req.method) || c.res.status < 200 || c.res.status >= 300 || !c.get('user') || !PAGE_DATA.test(c.req.path)) return;
    deps.pages.changed();
    try {
      await announceChange(deps.db);
    } catch (err) {
      // The write is done; other instances catch up when their listener polls the counter again.
      deps.log.warn('data change not announced', { error: String(err) });
    }
  };

// Builds the state one API instance holds (decision 117): its caches, stores and workers, over the
// database, configuration and logger the caller opened. Two instances built here share nothing.
import type { Db } from '@app/db';
import type { Deps } from './context.ts';
import type { Env } from './env.ts';
import { createFacetCounts } from './services/catalogue-facets.ts';
import type { Logger } from './services/logger.ts';
import { newInstanceId } from './services/leases.ts';
import { lazyMailCrypto } from './services/mail-crypto.ts';
import { createNewsletterWorker } from './services/newsletter-sender.ts';
import { createOutboxWorker } from './services/outbox.ts';
import { createPageChanges } from './services/page-changes.ts';
import { searchSqlOf } from './services/search-sql.ts';
import { createSessions } from './services/sessions.ts';
import { createStorage } from './services/storage.ts';
import { createWebhookWorker } from './services/webhooks.ts';

export type DepsBase = { db: Db; env: Env; log: Logger; clock?: () => number };

export function createDeps({ db, env, log, clock = Date.now }: DepsBase): Deps {
  return {
    db,
    env,
    log,
    clock,
    pages: createPageChanges(),
    facets: createFacetCounts(),
    storage: createStorage(env.dataDir),
    sessions: createSessions(db),
    searchSql: searchSqlOf(db),
    mailCrypto: lazyMailCrypto(env),
    instanceId: newInstanceId(),
    workers: { outbox: createOutboxWorker(), newsletters: createNewsletterWorker(), webhooks: createWebhookWorker() },
  };
}

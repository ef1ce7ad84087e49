// What every route and service receives: the database, configuration and logger of this instance, and
// the state built over them once, at boot (deps.ts; decision 117). No module holds state of its own.
import type { TimingVariables } from 'hono/timing';
import type { Db } from '@app/db';
import type { Env } from './env.ts';
import type { FacetCounts } from './services/catalogue-facets.ts';
import type { CoalescingWorker } from './services/coalescing-worker.ts';
import type { Logger } from './services/logger.ts';
import type { MailCrypto } from './services/mail-crypto.ts';
import type { PageChanges } from './services/page-changes.ts';
import type { SearchSql } from './services/search-sql.ts';
import type { Sessions } from './services/sessions.ts';
import type { Storage } from './services/storage.ts';

export type Deps = {
  db: Db;
  env: Env;
  log: Logger;
  /** Told when an administrator's write changed what public pages show. */
  pages: PageChanges;
  /** The listing search's facet counts, remembered per catalogue version. */
  facets: FacetCounts;
  /** Milliseconds since the epoch: API token expiry and last use (tests move it: TEST_CLOCK_FILE). */
  clock: () => number;
  /** Uploaded files under DATA_DIR (its folders created when built). */
  storage: Storage;
  /** Access tokens and refresh sessions. */
  sessions: Sessions;
  /** The listing search's SQL in this database's dialect. */
  searchSql: SearchSql;
  /** SMTP passwords and webhook secrets at rest (the key is read, or its file created, at first use). */
  mailCrypto: MailCrypto & { ready(): void };
  /** This instance's name in the lease_owner of the rows it claims (services/leases.ts). */
  instanceId: string;
  /** The background runs: one pass at a time each, stopped when the instance stops (services/jobs.ts). */
  workers: { outbox: CoalescingWorker; newsletters: CoalescingWorker; webhooks: CoalescingWorker };
};

/** What the idempotency middleware knows about the keyed request the handler is serving; `claim` names its claim row. */
export type PendingKey = { scope: string; key: string; method: string; path: string; claim: string; recorded: boolean };

/** The signed-in user, set by requireAdmin / requireSession. */
export type SessionUser = { id: number; email: string; name: string; role: string; mustChangePassword: boolean };

export type AppEnv = {
  Variables: TimingVariables & {
    user: SessionUser;
    sessionId: string;
    /** Set instead of sessionId when an API token authenticated the request. */
    apiTokenId: number | undefined;
    /** Set by the idempotency middleware when the request carries an Idempotency-Key. */
    idempotency: PendingKey | undefined;
    /** SHA-256 of the request body (multipart: of its parts, whatever the boundary). */
    bodyDigest: string | undefined;
  };
};

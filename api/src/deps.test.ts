// Two instances built by createDeps in one process share nothing (decision 117): a worker stopped
// with one instance is not the other's, and each claims mail under its own name.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first, tablesOf } from '@app/db';
import { createDeps } from './deps.ts';
import { enqueueMail, kickOutbox } from './services/outbox.ts';
import { memoryDeps } from './services/test-db.ts';

describe('instances built by createDeps', () => {
  it('on one database, the mail worker of an instance still runs when the other instance has stopped', async () => {
    const stopped = await memoryDeps();
    const running = createDeps({ db: stopped.db, env: stopped.env, log: stopped.log });
    expect(running.instanceId).not.toBe(stopped.instanceId);
    for (const part of ['storage', 'sessions', 'facets', 'pages', 'mailCrypto', 'workers'] as const)
      expect(running[part], part).not.toBe(stopped[part]);

    await stopped.workers.outbox.stop();
    const mail = { to: 'client@example.org', subject: 'Re', text: 'Bonjour', html: '<p>Bonjour</p>' };
    const id = await enqueueMail(stopped, stopped.db, 'reply', null, mail, () => undefined);
    const row = () =>
      first(
        stopped.db
          .select()
          .from(tablesOf(stopped.db).mailOutbox)
          .where(eq(tablesOf(stopped.db).mailOutbox.id, id)),
      );
    await kickOutbox(stopped); // a stopped worker runs no pass
    expect(await row()).toMatchObject({ attempts: 0, status: 'pending' });

    await kickOutbox(running); // no SMTP account: tried once, kept for a retry
    expect(await row()).toMatchObject({ attempts: 1, status: 'pending', lastError: 'Aucun compte SMTP actif', leaseOwner: null });
  });
});

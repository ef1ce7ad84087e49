// The mail outbox: a mail is written to mail_outbox first, then sent; a failure leaves it pending
// with an exponential back-off, so a notification survives a mail server outage or a restart.
// Instances claim due mails with a lease (leases.ts, docs/decisions/085): each goes out once.
// Replies to contact messages go this way too: queued with their row, sent through their own account.
import { and, eq } from 'drizzle-orm';
import { first, tablesOf, type Queryable, type Tables } from '@app/db';
import type { UsageType } from '@app/domain/mail';
import type { Deps } from '../context.ts';
import { coalescingWorker, type WorkerState } from './coalescing-worker.ts';
import { claimOutbox } from './leases.ts';
import { accountForUsage, describeMailError, sendWithAccount, type OutgoingMail } from './mailer.ts';

export type OutboxKind = 'contact_notification' | 'newsletter_confirmation' | 'reply';

/**
 * The stored mail. `to` absent: the recipient configured for the usage, else `fallbackTo`. `accountId`:
 * sent through that account rather than the usage's; `responseId`: the reply (email_responses) it carries,
 * marked sent with it.
 */
export type OutboxPayload = Omit<OutgoingMail, 'to'> & { to?: string; fallbackTo?: string; accountId?: number; responseId?: number };

/** Nothing to send with yet (no account, no recipient): retried like a failure. */
class NotReady extends Error {}

export const MAX_ATTEMPTS = 20;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/** Delay before attempt n+1 after n failures: base, 2×base, 4×base… capped at 6 hours. */
export const retryDelay = (baseMs: number, failures: number) => Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, failures - 1));

/**
 * Queues a mail on `q`; `usageType` null when the payload names its account. Written inside a transaction
 * (`q` its `tx`), pass its afterCommit: the outbox is kicked once the mail is committed, which another connection then sees.
 */
export async function enqueueMail(
  deps: Deps,
  q: Queryable,
  kind: OutboxKind,
  usageType: UsageType | null,
  payload: OutboxPayload,
  afterCommit: (task: () => void) => void = (task) => task(),
): Promise<number> {
  const tables = tablesOf(q);
  const row = (
    await q
      .insert(tables.mailOutbox)
      .values({ kind, usageType, payload, nextAttemptAt: new Date() })
      .returning({ id: tables.mailOutbox.id })
  )[0]!;
  afterCommit(() => void kickOutbox(deps));
  return row.id;
}

/** The account a mail goes through, and the recipient its usage configures. */
async function senderOf(deps: Deps, usageType: string | null, payload: OutboxPayload) {
  const tables = tablesOf(deps.db);
  if (payload.accountId === undefined) return accountForUsage(deps.db, (usageType ?? 'newsletter') as UsageType);
  const account = await first(deps.db.select().from(tables.smtpAccounts).where(eq(tables.smtpAccounts.id, payload.accountId)));
  return { account: account?.isActive ? account : undefined, recipientEmail: null };
}

/** The instance's mail sender (deps.workers.outbox). */
export const createOutboxWorker = () => coalescingWorker('outbox', processDue);

/** Sends what is due now; concurrent calls share one run (and trigger one more pass after it). */
export const kickOutbox = (deps: Deps) => deps.workers.outbox.kick(deps);

/** Only while this instance still holds the mail: past its lease, another instance may have taken it. */
const mine = (deps: Deps, t: Tables['mailOutbox'], id: number) => and(eq(t.id, id), eq(t.leaseOwner, deps.instanceId));

async function processDue(deps: Deps, state: WorkerState) {
  const tables = tablesOf(deps.db);
  const { db, env, log } = deps;
  const t = tables.mailOutbox;
  for (;;) {
    if (state.stopped) return;
    const due = await claimOutbox(deps, 20, env.MAIL_LEASE_MS);
    if (!due.length) return;
    for (const row of due) {
      // Stopping: what is left of the claim is handed back by the stop (releaseLeases).
      if (state.stopped) return;
      const payload = row.payload as OutboxPayload;
      const { account, recipientEmail } = await senderOf(deps, row.usageType, payload);
      const to = payload.to ?? recipientEmail ?? payload.fallbackTo;
      const attempts = row.attempts + 1;
      try {
        if (!account) throw new NotReady('Aucun compte SMTP actif');
        if (!to) throw new NotReady('Aucun destinataire configuré');
        const info = await sendWithAccount(deps, account, { ...payload, to });
        // Recorded in the very next step after the server's "250" (docs/decisions/085).
        const sentAt = new Date();
        await db.transaction(async (tx) => {
          await tx
            .update(t)
            .set({ status: 'sent', attempts, sentAt, lastError: null, leaseOwner: null })
            .where(mine(deps, t, row.id));
          if (payload.responseId !== undefined)
            await tx
              .update(tables.emailResponses)
              .set({ sentAt, messageId: info.messageId ?? null })
              .where(eq(tables.emailResponses.id, payload.responseId));
        });
        log.info('outbox mail sent', { id: row.id, kind: row.kind, attempts });
      } catch (err) {
        const lastError = err instanceof NotReady ? err.message : describeMailError(err);
        const failed = attempts >= MAX_ATTEMPTS;
        const nextAttemptAt = new Date(Date.now() + retryDelay(env.MAIL_RETRY_BASE_MS, attempts));
        await db
          .update(t)
          .set({ status: failed ? 'failed' : 'pending', attempts, lastError, nextAttemptAt, leaseOwner: null })
          .where(mine(deps, t, row.id));
        log.warn('outbox mail not sent', { id: row.id, kind: row.kind, attempts, willRetry: !failed, error: lastError });
      }
    }
  }
}

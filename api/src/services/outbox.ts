// The mail outbox: a mail is written to mail_outbox first, then sent; a failure leaves it pending
// with an exponential back-off, so a notification survives a mail server outage or a restart.
import { and, asc, eq, lte } from 'drizzle-orm';
import { schema } from '@app/db';
import type { UsageType } from '@app/domain/mail';
import type { Deps } from '../context.ts';
import { coalescingWorker, type WorkerState } from './coalescing-worker.ts';
import { accountForUsage, describeMailError, sendWithAccount, type OutgoingMail } from './mailer.ts';

export type OutboxKind = 'contact_notification' | 'newsletter_confirmation';

/** The stored mail. `to` absent: the recipient configured for the usage, else `fallbackTo`. */
export type OutboxPayload = Omit<OutgoingMail, 'to'> & { to?: string; fallbackTo?: string };

/** Nothing to send with yet (no account, no recipient): retried like a failure. */
class NotReady extends Error {}

export const MAX_ATTEMPTS = 20;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/** Delay before attempt n+1 after n failures: base, 2×base, 4×base… capped at 6 hours. */
export const retryDelay = (baseMs: number, failures: number) => Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, failures - 1));

export async function enqueueMail(deps: Deps, kind: OutboxKind, usageType: UsageType, payload: OutboxPayload): Promise<number> {
  const row = (
    await deps.db
      .insert(schema.mailOutbox)
      .values({ kind, usageType, payload, nextAttemptAt: new Date() })
      .returning({ id: schema.mailOutbox.id })
  )[0]!;
  void kickOutbox(deps);
  return row.id;
}

const worker = coalescingWorker('outbox', processDue);

/** Sends what is due now; concurrent calls share one run (and trigger one more pass after it). */
export const kickOutbox = worker.kick;
export const stopOutbox = worker.stop;

async function processDue(deps: Deps, state: WorkerState) {
  const { db, env, log } = deps;
  const t = schema.mailOutbox;
  const attempted = new Set<number>();
  for (;;) {
    if (state.stopped) return;
    const due = (
      await db
        .select()
        .from(t)
        .where(and(eq(t.status, 'pending'), lte(t.nextAttemptAt, new Date())))
        .orderBy(asc(t.nextAttemptAt), asc(t.id))
        .limit(20)
    ).filter((r) => !attempted.has(r.id));
    if (!due.length) return;
    for (const row of due) {
      if (state.stopped) return;
      attempted.add(row.id);
      const payload = row.payload as OutboxPayload;
      const { account, recipientEmail } = await accountForUsage(deps, (row.usageType ?? 'newsletter') as UsageType);
      const to = payload.to ?? recipientEmail ?? payload.fallbackTo;
      const attempts = row.attempts + 1;
      try {
        if (!account) throw new NotReady('Aucun compte SMTP actif');
        if (!to) throw new NotReady('Aucun destinataire configuré');
        await sendWithAccount(deps, account, { ...payload, to });
        await db.update(t).set({ status: 'sent', attempts, sentAt: new Date(), lastError: null }).where(eq(t.id, row.id));
        log.info('outbox mail sent', { id: row.id, kind: row.kind, attempts });
      } catch (err) {
        const lastError = err instanceof NotReady ? err.message : describeMailError(err);
        const failed = attempts >= MAX_ATTEMPTS;
        const nextAttemptAt = new Date(Date.now() + retryDelay(env.MAIL_RETRY_BASE_MS, attempts));
        await db
          .update(t)
          .set({ status: failed ? 'failed' : 'pending', attempts, lastError, nextAttemptAt })
          .where(eq(t.id, row.id));
        log.warn('outbox mail not sent', { id: row.id, kind: row.kind, attempts, willRetry: !failed, error: lastError });
      }
    }
  }
}

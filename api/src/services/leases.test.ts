import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tablesOf, type Db } from '@app/db';
import { claimDeliveries, claimOutbox, newInstanceId, releaseLeases } from './leases.ts';
import { migratedFile, openAsync } from './test-db.ts';

const LEASE = 30_000;
let db: Db;
let other: Db;
/** Two instances: each its own connection (used one statement at a time) and name. */
let mine: { db: Db; instanceId: string };
let theirs: { db: Db; instanceId: string };
beforeEach(async () => {
  const file = await migratedFile();
  db = openAsync(file);
  other = openAsync(file);
  mine = { db, instanceId: newInstanceId() };
  theirs = { db: other, instanceId: newInstanceId() };
});
afterEach(async () => {
  await db.$close();
  await other.$close();
});

async function sendingTo(count: number) {
  const [sending] = await db.insert(tablesOf(db).newsletterSendings).values({ subject: 's', content: 'c', totalCount: count }).returning();
  await db
    .insert(tablesOf(db).newsletterDeliveries)
    .values(Array.from({ length: count }, (_, i) => ({ sendingId: sending!.id, email: `r${i}@example.org` })));
  return sending!.id;
}

describe('newsletter deliveries', () => {
  it('are claimed in id order, each by one instance only, until the lease ends; then anyone may take them over', async () => {
    const id = await sendingTo(10);
    const now = Date.now();
    const first = await claimDeliveries(mine, id, 4, LEASE, now);
    const second = await claimDeliveries(theirs, id, 4, LEASE, now);
    expect(first.map((r) => r.email)).toEqual(['r0@example.org', 'r1@example.org', 'r2@example.org', 'r3@example.org']);
    expect(second.map((r) => r.email)).toEqual(['r4@example.org', 'r5@example.org', 'r6@example.org', 'r7@example.org']);
    expect((await claimDeliveries(theirs, id, 10, LEASE, now + LEASE - 1)).map((r) => r.email)).toEqual([
      'r8@example.org',
      'r9@example.org',
    ]);
    expect(await claimDeliveries(theirs, id, 10, LEASE, now + LEASE - 1)).toEqual([]);
    // The first claim's holder died: past its lease its rows are due again.
    expect(await claimDeliveries(theirs, id, 10, LEASE, now + LEASE)).toHaveLength(8);
  });

  it('sent or failed ones are never claimed again', async () => {
    const id = await sendingTo(3);
    await db
      .update(tablesOf(db).newsletterDeliveries)
      .set({ status: 'sent' })
      .where(eq(tablesOf(db).newsletterDeliveries.email, 'r0@example.org'));
    await db
      .update(tablesOf(db).newsletterDeliveries)
      .set({ status: 'failed' })
      .where(eq(tablesOf(db).newsletterDeliveries.email, 'r1@example.org'));
    expect((await claimDeliveries(mine, id, 10, LEASE)).map((r) => r.email)).toEqual(['r2@example.org']);
  });

  it('claimed but not sent at a graceful stop are handed back at once', async () => {
    const id = await sendingTo(3);
    expect(await claimDeliveries(mine, id, 10, LEASE)).toHaveLength(3);
    await releaseLeases(mine);
    expect(await claimDeliveries(theirs, id, 10, LEASE)).toHaveLength(3);
  });
});

describe('mail outbox', () => {
  const enqueue = (nextAttemptAt: Date) =>
    db
      .insert(tablesOf(db).mailOutbox)
      .values({ kind: 'contact_notification', usageType: 'contact_form_fr', payload: { subject: crypto.randomUUID() }, nextAttemptAt });

  it('claims due mails once; the claim moves their due time to the end of the lease', async () => {
    const now = Date.now();
    await enqueue(new Date(now - 1000));
    await enqueue(new Date(now));
    await enqueue(new Date(now + 60_000)); // a retry, not due yet
    const claimed = await claimOutbox(mine, 20, LEASE, now);
    expect(claimed).toHaveLength(2);
    expect(claimed.every((r) => r.leaseOwner === mine.instanceId && r.nextAttemptAt.getTime() === now + LEASE)).toBe(true);
    expect(await claimOutbox(theirs, 20, LEASE, now + 1)).toEqual([]);
    expect(await claimOutbox(theirs, 20, LEASE, now + LEASE)).toHaveLength(2);
  });

  it('hands back at a graceful stop what it claimed', async () => {
    await enqueue(new Date());
    expect(await claimOutbox(mine, 20, LEASE)).toHaveLength(1);
    await releaseLeases(mine);
    expect(await claimOutbox(theirs, 20, LEASE)).toHaveLength(1);
  });
});

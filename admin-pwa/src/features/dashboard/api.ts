// Dashboard data: the three counters (GET /stats) and the messages of the chart's weeks, both
// kept in the read model so the dashboard opens offline.
import type { InferResponseType } from 'hono/client';
import { body, client } from '../../lib/client.ts';
import { db } from '../../db/db.ts';
import type { Inquiry } from '@app/domain/inquiries';
import { markSynced } from '../../db/sync.ts';

/** The counters as GET /stats answers them (kept in Dexie as they came). */
export type DashboardStats = InferResponseType<typeof client.stats.$get, 200>;

export async function refreshStats(): Promise<DashboardStats> {
  const stats = await body(client.stats.$get());
  await db.stats.put({ key: 'dashboard', value: stats, at: Date.now() });
  await markSynced();
  return stats;
}

const WEEK = 7 * 24 * 3600_000;
const PAGE = 100;

/**
 * The server's messages of the chart's weeks (newest first, page after page until one is older),
 * replacing the stored ones of those weeks: a message deleted elsewhere leaves the chart at the next
 * refresh, and a busy quarter is counted whole.
 */
export async function refreshRecentMessages(now = Date.now(), weeks = 12) {
  const since = new Date(weekStart(now - (weeks - 1) * WEEK)).toISOString();
  const fetched: Inquiry[] = [];
  for (let page = 1; ; page++) {
    const list = await body(client.inquiries.$get({ query: { page: String(page), limit: String(PAGE) } }));
    fetched.push(...list.inquiries);
    const oldest = list.inquiries.at(-1);
    if (page >= list.totalPages || !oldest || oldest.createdAt < since) break;
  }
  await db.transaction('rw', db.inquiries, async () => {
    await db.inquiries.where('createdAt').aboveOrEqual(since).delete();
    await db.inquiries.bulkPut(fetched);
  });
}

/** Monday 00:00 (local time) of the week holding `t`. */
export function weekStart(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d.getTime();
}

/** Messages per week for the `weeks` weeks ending with the current one, oldest first. */
export function messagesPerWeek(dates: readonly (string | number)[], now: number, weeks = 12): { start: number; count: number }[] {
  const current = weekStart(now);
  const buckets = Array.from({ length: weeks }, (_, i) => ({
    start: weekStart(current - (weeks - 1 - i) * WEEK + 3600_000 * 12),
    count: 0,
  }));
  for (const d of dates) {
    const w = weekStart(new Date(d).getTime());
    const bucket = buckets.find((b) => b.start === w);
    if (bucket) bucket.count++;
  }
  return buckets;
}

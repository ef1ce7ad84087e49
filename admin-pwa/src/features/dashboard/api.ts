// Dashboard data: the three counters (GET /stats) and recent messages for the weekly chart, both
// kept in the read model so the dashboard opens offline.
import type { InferResponseType } from 'hono/client';
import { body, client } from '../../lib/client.ts';
import { db } from '../../db/db.ts';
import { markSynced, upsert } from '../../db/sync.ts';

/** The counters as GET /stats answers them (kept in Dexie as they came). */
export type DashboardStats = InferResponseType<typeof client.stats.$get, 200>;

export async function refreshStats(): Promise<DashboardStats> {
  const stats = await body(client.stats.$get());
  await db.stats.put({ key: 'dashboard', value: stats, at: Date.now() });
  await markSynced();
  return stats;
}

/** The last 100 messages are enough for a 12-week chart of a small company's contact form. */
export async function refreshRecentMessages() {
  const list = await body(client.inquiries.$get({ query: { page: '1', limit: '100' } }));
  await upsert(db.inquiries, list.inquiries);
}

const WEEK = 7 * 24 * 3600_000;

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
  const buckets = Array.from({ length: weeks }, (_, i) => ({ start: weekStart(current - (weeks - 1 - i) * WEEK + 3600_000 * 12), count: 0 }));
  for (const d of dates) {
    const w = weekStart(new Date(d).getTime());
    const bucket = buckets.find((b) => b.start === w);
    if (bucket) bucket.count++;
  }
  return buckets;
}

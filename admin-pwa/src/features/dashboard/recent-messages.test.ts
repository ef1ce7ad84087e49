// The dashboard chart's messages are the server's: a message deleted elsewhere leaves the local
// store at the next refresh, and more than one page of the chart's weeks is read whole.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Inquiry } from '@app/domain/inquiries';
import { db } from '../../db/db.ts';
import { freshStart, type FakeApi } from '../../test-fetch.ts';
import { messagesPerWeek, refreshRecentMessages } from './api.ts';

const NOW = Date.parse('2025-03-14T12:00:00Z');
const HOUR = 3600_000;
const message = (id: number, hoursAgo: number): Inquiry =>
  ({
    id,
    name: `Client ${id}`,
    email: `c${id}@example.test`,
    phone: null,
    message: 'Bonjour',
    language: 'fr',
    productReference: null,
    createdAt: new Date(NOW - hoursAgo * HOUR).toISOString(),
  }) as Inquiry;

let api: FakeApi;
let server: Inquiry[];

beforeEach(async () => {
  api = await freshStart();
  api.on('GET', '/inquiries', (c) => {
    const page = Number(c.query.get('page'));
    const limit = Number(c.query.get('limit'));
    return {
      inquiries: server.slice((page - 1) * limit, page * limit),
      total: server.length,
      totalPages: Math.ceil(server.length / limit),
      page,
      limit,
    };
  });
});

const counted = async () =>
  messagesPerWeek(
    (await db.inquiries.toArray()).map((i) => i.createdAt),
    NOW,
  ).reduce((n, w) => n + w.count, 0);

describe('the dashboard chart counts what the server has', () => {
  it('drops a message deleted elsewhere at the next refresh', async () => {
    server = [message(3, 1), message(2, 30), message(1, 60)];
    await refreshRecentMessages(NOW);
    expect(await counted()).toBe(3);
    server = server.filter((m) => m.id !== 2);
    await refreshRecentMessages(NOW);
    expect(await counted()).toBe(2);
    expect(await db.inquiries.get(2)).toBeUndefined();
  });

  it('reads every page of the chart weeks, not only the newest 100 messages', async () => {
    server = Array.from({ length: 150 }, (_, i) => message(1000 - i, i * 3));
    await refreshRecentMessages(NOW);
    expect(await counted()).toBe(150);
    expect(api.callsTo('GET', '/inquiries')).toHaveLength(2);
  });
});

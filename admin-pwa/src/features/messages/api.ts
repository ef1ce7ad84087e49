// Contact messages against the API and the read model: the whole list is kept in Dexie (a few
// hundred messages at most, 3-year retention), deleted ones go, replies are sent through an account.
import type { Inquiry } from '@app/domain/inquiries';
import type { ReplyInput } from '@app/domain/mail';
import { ApiError } from '../../lib/api.ts';
import { body, client, keyed } from '../../lib/client.ts';
import { db } from '../../db/db.ts';
import { replaceAll } from '../../db/sync.ts';

const SYNC_PAGE = 100;
export const MESSAGES_PAGE_SIZE = 20;

/** Fetches every page; messages whose delete waits in the outbox stay deleted locally. */
export async function syncInquiries(): Promise<void> {
  const all: Inquiry[] = [];
  for (let page = 1; ; page++) {
    const list = await body(client.inquiries.$get({ query: { page: String(page), limit: String(SYNC_PAGE) } }));
    all.push(...list.inquiries);
    if (page >= list.totalPages || !list.inquiries.length) break;
  }
  const pending = await db.outbox
    .where('kind')
    .equals('inquiry.delete')
    .filter((e) => e.state !== 'sent')
    .toArray();
  const deleted = new Set(pending.map((e) => (e.payload as { id: number }).id));
  await replaceAll(
    db.inquiries,
    all.filter((i) => !deleted.has(i.id)),
  );
}

/** A message already gone from the server counts as deleted (a replayed delete must not fail). */
export async function deleteInquiry(id: number, key?: string): Promise<void> {
  try {
    await client.inquiries[':id'].$delete({ param: { id: String(id) } }, keyed(key));
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  }
}

export const sendReply = (input: ReplyInput, key?: string) => body(client['email-responses'].send.$post({ json: input }, keyed(key)));

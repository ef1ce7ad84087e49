// Newsletter subscribers against the API and the read model (the whole list is kept in Dexie and
// filtered locally), the export download, and the background sendings with their progress.
import type { NewsletterSend, NewsletterSending } from '@app/domain/newsletter';
import { IDEMPOTENCY_HEADER } from '@app/domain/idempotency';
import { body, client, keyed } from '../../lib/client.ts';
import { db } from '../../db/db.ts';
import { getMeta, putMeta, replaceAll } from '../../db/sync.ts';

const PENDING_KINDS = ['subscriber.status', 'subscriber.delete'];

/** Replaces the local list; subscribers with a change still waiting in the outbox keep their local state. */
export async function syncSubscribers(): Promise<void> {
  const { subscribers } = await body(client.newsletter.admin.subscribers.$get({ query: {} }));
  const pending = await db.outbox
    .where('kind')
    .anyOf(PENDING_KINDS)
    .filter((e) => e.state === 'waiting' || e.state === 'sending')
    .toArray();
  const touched = new Map(pending.map((e) => [(e.payload as { id: number }).id, e.kind]));
  const rows = subscribers.filter((s) => touched.get(s.id) !== 'subscriber.delete');
  await replaceAll(
    db.subscribers,
    rows.filter((s) => !touched.has(s.id)),
    (local) => touched.get(local.id!) === 'subscriber.status',
  );
}

// The status body is read by the handler itself (an empty body toggles), so it is sent as JSON by hand.
export const setSubscriberStatus = (id: number, isActive: boolean, key?: string) =>
  body(
    client.newsletter.admin.subscribers[':id'].status.$patch(
      { param: { id: String(id) } },
      // `init.headers` replaces the client's headers: the key goes with them.
      {
        init: {
          body: JSON.stringify({ isActive }),
          headers: { 'content-type': 'application/json', ...(key && { [IDEMPOTENCY_HEADER]: key }) },
        },
      },
    ),
  );
export const deleteSubscriber = (id: number, key?: string) =>
  client.newsletter.admin.subscribers[':id'].$delete({ param: { id: String(id) } }, keyed(key));

export type ExportFormat = 'csv' | 'json';
export const exportFileName = (format: ExportFormat) => `newsletter-subscribers.${format}`;

/** Downloads the export as the server wrote it, saved as newsletter-subscribers.{format}. */
export async function exportSubscribers(format: ExportFormat): Promise<void> {
  // The bytes as the server wrote them (CSV or indented JSON), never parsed and written back.
  const blob = await (await client.newsletter.admin.export.$get({ query: { format } })).blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(format);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const SENDING_KEY = 'newsletter:sending';

/** Answers at once (202) with the queued sending; its progress is read from the status endpoint. */
export async function sendNewsletter(input: NewsletterSend, key?: string): Promise<NewsletterSending> {
  const sending = await body(client.newsletter.admin.send.$post({ json: input }, keyed(key)));
  await putMeta(SENDING_KEY, sending);
  return sending;
}

export async function fetchSending(id: number): Promise<NewsletterSending> {
  const sending = await body(client.newsletter.admin.sendings[':id'].$get({ param: { id: String(id) } }));
  await putMeta(SENDING_KEY, sending);
  return sending;
}

/** The last sending followed by this device (kept so its progress shows again after a reload). */
export const lastSending = () => getMeta<NewsletterSending>(SENDING_KEY);
export const SENDING_META_KEY = SENDING_KEY;

// The newsletter writes that work offline: a subscriber's status (an explicit state, so a replay
// never flips it twice), a subscriber's deletion, and a newsletter send queued until online.
import type { NewsletterSend, NewsletterSending, Subscriber } from '@app/domain/newsletter';
import { ApiError } from '../../lib/api.ts';
import { db } from '../../db/db.ts';
import { defineOperation } from '../../db/outbox.ts';
import { deleteSubscriber, sendNewsletter, setSubscriberStatus } from './api.ts';

export type StatusPayload = { id: number; isActive: boolean };

export const SUBSCRIBER_STATUS = defineOperation<StatusPayload, Subscriber>('subscriber.status', {
  tables: () => [db.subscribers],
  send: ({ id, isActive }, _files, _steps, key) => setSubscriberStatus(id, isActive, key),
  async applyLocal({ id, isActive }) {
    await db.subscribers.update(id, { isActive });
  },
  async onSent(subscriber) {
    await db.subscribers.put(subscriber);
  },
  coalesce(queued, payload) {
    return queued.kind === 'subscriber.status' && (queued.payload as StatusPayload).id === payload.id ? { payload, files: [] } : null;
  },
});

export const SUBSCRIBER_DELETE = defineOperation<{ id: number }>('subscriber.delete', {
  tables: () => [db.subscribers],
  async send({ id }, _files, _steps, key) {
    try {
      await deleteSubscriber(id, key);
    } catch (e) {
      // Already gone: the replayed delete has nothing left to do.
      if (!(e instanceof ApiError && e.status === 404)) throw e;
    }
  },
  async applyLocal({ id }) {
    await db.subscribers.delete(id);
  },
});

export const NEWSLETTER_SEND = defineOperation<NewsletterSend, NewsletterSending>('newsletter.send', {
  tables: () => [],
  send: (input, _files, _steps, key) => sendNewsletter(input, key),
});

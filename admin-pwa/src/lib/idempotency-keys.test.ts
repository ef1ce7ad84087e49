// Every write the admin sends carries an Idempotency-Key: its own fresh one, or, for an outbox entry,
// the key of the step it is (decision 013), passed with the call. A replay after a lost answer sends
// the same key again, and a retry after a refresh keeps the key of the request it repeats.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStart, setOnline, type FakeApi } from '../test-fetch.ts';
import { db } from '../db/db.ts';
import { enqueue, replayOutbox } from '../db/outbox.ts';
import { LISTING_UPDATE } from '../features/listings/operations.ts';
import { REPLY_SEND } from '../features/messages/operations.ts';
import { createListing } from '../features/listings/api.ts';
import { tokens } from './api.ts';

const KEY = 'idempotency-key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const keysOf = (api: FakeApi, method: string, path: string | RegExp) => api.callsTo(method, path).map((c) => c.headers.get(KEY));
const product = { id: 7, version: 2, titleFr: 'Moteur', titleEn: '', images: [], documents: [] };
const input = { titleFr: 'Moteur' } as Parameters<typeof createListing>[0];

let api: FakeApi;
beforeEach(async () => {
  api = await freshStart();
  tokens.set('access');
});

describe('Idempotency-Key of the admin’s writes', () => {
  it('gives each write of its own a fresh key, and none to a read', async () => {
    api.on('POST', '/products', () => product);
    api.on('GET', '/products/7', () => product);
    await createListing(input);
    await createListing(input);
    const [first, second] = keysOf(api, 'POST', '/products');
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    await fetch('/api/products/7');
    expect(keysOf(api, 'GET', '/products/7')).toEqual([null]);
  });

  it('keeps the key of a write it sends again after refreshing the session', async () => {
    let refused = false;
    api.on('POST', '/products', () => (refused ? product : ((refused = true), Response.json({ error: 'expired' }, { status: 401 }))));
    api.on('POST', '/auth/refresh', () => ({ accessToken: 'new' }));
    await createListing(input);
    const [refusedKey, retriedKey] = keysOf(api, 'POST', '/products');
    expect(refusedKey).toMatch(UUID);
    expect(retriedKey).toBe(refusedKey);
  });

  it('sends a queued reply with its entry’s key, the same on the replay after a lost answer', async () => {
    let lost = true;
    api.on('POST', '/email-responses/send', () => {
      if (!lost) return { id: 1 };
      lost = false;
      throw new TypeError('Failed to fetch'); // the answer never comes
    });
    setOnline(false);
    await enqueue(REPLY_SEND, { inquiryId: 1, subject: 'Re', body: 'Bonjour' } as never, 'Réponse');
    setOnline(true);
    await replayOutbox();
    await replayOutbox();
    const keys = keysOf(api, 'POST', '/email-responses/send');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/:send$/);
    expect(keys[1]).toBe(keys[0]);
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent']);
  });

  it('gives each step of a listing edit its own key, and resends only the step whose answer was lost, with its key', async () => {
    await db.products.put({ ...product, version: 1 } as never);
    let lostOnce = true;
    api.on('PUT', '/products/7', () => product);
    api.on('DELETE', /^\/products\/7\/images\/\d+$/, () => {
      if (!lostOnce) return new Response(null, { status: 204 });
      lostOnce = false;
      throw new TypeError('Failed to fetch');
    });
    api.on('GET', '/products/7', () => product);
    setOnline(false);
    await enqueue(LISTING_UPDATE, { id: 7, version: 1, input, removedImageIds: [31] }, 'Modification');
    setOnline(true);
    await replayOutbox();
    await replayOutbox();
    const [update] = keysOf(api, 'PUT', '/products/7');
    const removals = keysOf(api, 'DELETE', '/products/7/images/31');
    expect(keysOf(api, 'PUT', '/products/7')).toHaveLength(1);
    expect(update).toMatch(/:update$/);
    expect(removals).toHaveLength(2);
    expect(removals[0]).toMatch(/:remove-image:31$/);
    expect(removals[1]).toBe(removals[0]);
    expect(update!.split(':')[0]).toBe(removals[0]!.split(':')[0]);
  });
});

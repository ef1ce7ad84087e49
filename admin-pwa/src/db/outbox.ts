// Offline writes: an operation runs against the API when online; offline (or when the network
// fails) its local change and an outbox entry are written in ONE Dexie transaction, and the
// outbox is replayed in order when the connection returns. A 409 keeps both versions for the admin.
import type { Table } from 'dexie';
import { ApiError, isNetworkError } from '../lib/api.ts';
import { db, type OutboxEntry, type QueuedFile } from './db.ts';

export type Operation<P, R = unknown> = {
  /** Tables the local change touches (they join the outbox in the transaction). */
  tables: () => Table[];
  /** Sends the write to the API (online path and replay). Files are the ones queued with it. */
  send: (payload: P, files: QueuedFile[]) => Promise<R>;
  /** The optimistic local change, made when the write is queued. */
  applyLocal?: (payload: P, files: QueuedFile[]) => Promise<void>;
  /** Writes the server's answer into the read model (after an online send or a replay). */
  onSent?: (result: R, payload: P) => Promise<void>;
  /** For a 409: fetch the server's current version to show beside the local one. */
  fetchServer?: (payload: P) => Promise<unknown>;
  /** "Keep mine": the payload to resend on top of the server's version (e.g. its `version`). */
  rebase?: (payload: P, server: unknown) => P;
  /** "Keep theirs": store the server's version locally. */
  acceptServer?: (server: unknown, payload: P) => Promise<void>;
  /** When an earlier queued entry can absorb this one (edit of a listing created offline), merge them. */
  coalesce?: (queued: OutboxEntry, payload: P, files: QueuedFile[]) => { payload: unknown; files: QueuedFile[]; label?: string } | null;
};

// Each kind has its own payload and result types; the registry holds them all, so it erases them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const operations = new Map<string, Operation<any, any>>();
const loaders = new Map<string, () => Promise<unknown>>();

export function defineOperation<P, R = unknown>(kind: string, op: Operation<P, R>) {
  operations.set(kind, op);
  return kind;
}

/**
 * Where the operations of a group of kinds are defined ('listing' for 'listing.create', …): the
 * module is imported on first need, so an entry queued before a reload replays without its
 * screen's chunk (and the schemas it imports) being part of the app's first load.
 */
export function registerOperationLoader(group: string, load: () => Promise<unknown>) {
  loaders.set(group, load);
}

export const operationLoader = (kind: string) => loaders.get(kind.slice(0, kind.indexOf('.')));

/** The operation of a kind, its module loaded if needed; undefined for a kind nothing defines. */
async function findOperation(kind: string): Promise<Operation<unknown> | undefined> {
  if (!operations.has(kind)) await operationLoader(kind)?.();
  return operations.get(kind);
}

async function operation(kind: string): Promise<Operation<unknown>> {
  const op = await findOperation(kind);
  if (!op) throw new Error(`Opération inconnue: ${kind}`);
  return op;
}

export type PerformResult<R> = { queued: false; result: R } | { queued: true; entryId: number; conflict?: boolean };

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Runs a write: online it goes to the API (an ApiError is thrown to the caller for its toast);
 * offline, or if the request gets no answer, it is queued with its local change.
 */
export async function perform<P, R = unknown>(kind: string, payload: P, label: string, files: QueuedFile[] = []): Promise<PerformResult<R>> {
  const op = (await operation(kind)) as Operation<P, R>;
  const pending = await db.outbox.where('state').anyOf('waiting', 'sending').count();
  // Later writes wait behind queued ones so the server sees them in the order they were made.
  if (isOnline() && pending === 0) {
    try {
      const result = await op.send(payload, files);
      await op.onSent?.(result, payload);
      return { queued: false, result };
    } catch (e) {
      // A stale version online: kept as a conflict entry so the admin sees both and chooses.
      if (e instanceof ApiError && e.status === 409 && op.fetchServer) {
        const entryId = await enqueue(kind, payload, label, files);
        await markConflict(entryId, e.message, await op.fetchServer(payload).catch(() => null));
        return { queued: true, entryId, conflict: true };
      }
      if (!isNetworkError(e)) throw e;
    }
  }
  const entryId = await enqueue(kind, payload, label, files);
  if (isOnline()) void replayOutbox();
  return { queued: true, entryId };
}

/** The local change and the outbox entry, atomically: neither exists without the other. */
export async function enqueue<P>(kind: string, payload: P, label: string, files: QueuedFile[] = []): Promise<number> {
  // Resolved before the transaction: a Dexie transaction must not wait on anything but IndexedDB.
  const op = (await operation(kind)) as Operation<P>;
  return db.transaction('rw', [db.outbox, ...op.tables()], async () => {
    await op.applyLocal?.(payload, files);
    if (op.coalesce) {
      const waiting = await db.outbox.where('state').equals('waiting').toArray();
      for (const queued of waiting.reverse()) {
        const merged = op.coalesce(queued, payload, files);
        if (merged) {
          await db.outbox.update(queued.id!, { payload: merged.payload, files: merged.files, label: merged.label ?? queued.label, updatedAt: Date.now() });
          return queued.id!;
        }
      }
    }
    const now = Date.now();
    return (await db.outbox.add({ kind, label, payload, files, state: 'waiting', attempts: 0, createdAt: now, updatedAt: now })) as number;
  });
}

let replaying: Promise<void> | null = null;

/** Sends waiting entries one by one, oldest first. Stops at the first entry that gets no answer. */
export function replayOutbox(): Promise<void> {
  replaying ??= (async () => {
    try {
      for (;;) {
        const next = await db.outbox.where('state').equals('waiting').first();
        if (!next) break;
        if (!(await replayOne(next))) break;
      }
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

async function replayOne(entry: OutboxEntry): Promise<boolean> {
  let op: Operation<unknown> | undefined;
  try {
    op = await findOperation(entry.kind);
  } catch {
    return false; // its code could not be loaded (no network, no cached chunk): try again later
  }
  if (!op) {
    await db.outbox.update(entry.id!, { state: 'failed', error: `Opération inconnue: ${entry.kind}`, updatedAt: Date.now() });
    return true;
  }
  await db.outbox.update(entry.id!, { state: 'sending', attempts: entry.attempts + 1, updatedAt: Date.now() });
  try {
    const result = await op.send(entry.payload, entry.files);
    await op.onSent?.(result, entry.payload);
    // Sent files are not kept: the blobs can be large.
    await db.outbox.update(entry.id!, { state: 'sent', error: undefined, files: [], updatedAt: Date.now() });
    return true;
  } catch (e) {
    if (isNetworkError(e)) {
      await db.outbox.update(entry.id!, { state: 'waiting', updatedAt: Date.now() });
      return false;
    }
    if (e instanceof ApiError && e.status === 409) {
      // Without the server copy the conflict is still shown; the choice then resends or drops.
      await markConflict(entry.id!, e.message, await op.fetchServer?.(entry.payload).catch(() => null));
      return true;
    }
    const message = e instanceof Error ? e.message : String(e);
    await db.outbox.update(entry.id!, { state: 'failed', error: message, updatedAt: Date.now() });
    return true;
  }
}

async function markConflict(id: number, message: string, server: unknown) {
  await db.outbox.update(id, { state: 'conflict', error: message, server: server ?? null, updatedAt: Date.now() });
}

/** A failed entry goes back in the queue (its place in the order is kept: ids are ascending). */
export async function retryEntry(id: number) {
  await db.outbox.update(id, { state: 'waiting', error: undefined, updatedAt: Date.now() });
  await replayOutbox();
}

export async function discardEntry(id: number) {
  await db.outbox.delete(id);
}

/** The admin's choice for a 409: resend their version over the server's, or keep the server's. */
export async function resolveConflict(id: number, choice: 'mine' | 'theirs') {
  const entry = await db.outbox.get(id);
  if (!entry || entry.state !== 'conflict') return;
  const op = await operation(entry.kind);
  if (choice === 'theirs') {
    if (entry.server) await op.acceptServer?.(entry.server, entry.payload);
    await db.outbox.delete(id);
    return;
  }
  const payload = op.rebase && entry.server ? op.rebase(entry.payload, entry.server) : entry.payload;
  await db.outbox.update(id, { payload, state: 'waiting', error: undefined, server: undefined, updatedAt: Date.now() });
  await replayOutbox();
}

/** Sent entries stay visible a while, then go. */
export async function pruneSent(olderThanMs = 24 * 3600_000) {
  const limit = Date.now() - olderThanMs;
  await db.outbox.where('state').equals('sent').filter((e) => e.updatedAt < limit).delete();
}

/** After a reload mid-send, an entry left 'sending' is waiting again. */
export async function recoverInterrupted() {
  await db.outbox.where('state').equals('sending').modify({ state: 'waiting' });
}

/** Adds files to a queued entry (a write that lost the network after its form already had files). */
export async function attachFiles(id: number, files: QueuedFile[]) {
  if (!files.length) return;
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (entry) await db.outbox.update(id, { files: [...entry.files, ...files] });
  });
}

// Offline writes: an operation runs against the API when online; offline (or when the network
// fails) its local change and an outbox entry are written in ONE Dexie transaction, and the
// outbox is replayed in order when the connection returns. A 409 keeps both versions for the admin.
// Every request of an entry carries its own Idempotency-Key and the steps done are recorded, so a
// replay after a lost answer resumes where the server is instead of writing twice (decisions/013).
import type { Table } from 'dexie';
import { ApiError, isNetworkError } from '../lib/api.ts';
import { fill, texts } from '../lib/i18n.ts';
import { db, newKey, type OutboxEntry, type OutboxStep, type QueuedFile } from './db.ts';

/**
 * The requests of one entry: each runs once, with its own key (the call sends it as its Idempotency-Key);
 * a step already done answers its recorded result.
 */
export type Steps = { run<T>(name: string, call: (key: string) => Promise<T>): Promise<T> };

function createSteps(key: string, done: Record<string, unknown>, record: (done: Record<string, unknown>) => Promise<void>): Steps {
  return {
    async run<T>(name: string, call: (key: string) => Promise<T>): Promise<T> {
      if (name in done) return done[name] as T;
      const result = await call(`${key}:${name}`);
      done[name] = result ?? null;
      await record(done);
      return result;
    },
  };
}

/** A file as queued: its id names its upload step. */
export const queuedFile = (file: Omit<QueuedFile, 'id'>): QueuedFile => ({ ...file, id: newKey() });

/** P: the queued payload; R: the answer of a send; S: the server's version a 409 shows (kept in the entry). */
export type Operation<P, R = unknown, S = unknown> = {
  /** Tables the local change touches (they join the outbox in the transaction). */
  tables: () => Table[];
  /**
   * Sends the write to the API (online path and replay). Files are the ones queued with it. A write
   * of several requests runs each through `steps`; a single request started at once gets the
   * entry's key without it.
   */
  /** `key`: the Idempotency-Key of a kind that sends one request (kinds of several requests use `steps`). */
  send: (payload: P, files: QueuedFile[], steps: Steps, key: string) => Promise<R>;
  /** The steps of a replay, listed on the outbox screen with their progress. */
  plan?: (payload: P, files: QueuedFile[]) => OutboxStep[];
  /** The optimistic local change, made when the write is queued. */
  applyLocal?: (payload: P, files: QueuedFile[]) => Promise<void>;
  /** Writes the server's answer into the read model (after an online send or a replay). */
  onSent?: (result: R, payload: P) => Promise<void>;
  /** For a 409: fetch the server's current version to show beside the local one. */
  fetchServer?: (payload: P) => Promise<S>;
  /** "Keep mine": the payload to resend on top of the server's version (e.g. its `version`). */
  rebase?: (payload: P, server: S) => P;
  /** "Keep theirs": store the server's version locally. */
  acceptServer?: (server: S, payload: P) => Promise<void>;
  /** When an earlier queued entry can absorb this one (edit of a listing created offline), merge them. */
  coalesce?: (queued: OutboxEntry, payload: P, files: QueuedFile[]) => { payload: unknown; files: QueuedFile[]; label?: string } | null;
};

// Each kind has its own payload and result types; the registry holds them all, so it erases them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const operations = new Map<string, Operation<any, any, any>>();
const loaders = new Map<string, () => Promise<unknown>>();

export function defineOperation<P, R = unknown, S = unknown>(kind: string, op: Operation<P, R, S>) {
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
  if (!op) throw new Error(fill(texts().outboxPanel.unknownOperation, { kind }));
  return op;
}

export type PerformResult<R> = { queued: false; result: R } | { queued: true; entryId: number; conflict?: boolean };

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Sends an entry's requests: one key per step, and one for the whole send of single-request kinds. */
const sendWith = <P, R>(op: Operation<P, R>, payload: P, files: QueuedFile[], key: string, steps: Steps) =>
  op.send(payload, files, steps, `${key}:send`);

/**
 * Runs a write: online it goes to the API (an ApiError is thrown to the caller for its toast);
 * offline, or if the request gets no answer, it is queued with its local change. `queueWith`:
 * files that join the entry only if it is queued (the online path uploads them with progress).
 */
export async function perform<P, R = unknown>(
  kind: string,
  payload: P,
  label: string,
  files: QueuedFile[] = [],
  queueWith: QueuedFile[] = [],
): Promise<PerformResult<R>> {
  const op = (await operation(kind)) as Operation<P, R>;
  const pending = await db.outbox.where('state').anyOf('waiting', 'sending').count();
  // The same key and steps go with the entry if this attempt gets no answer: the replay resumes.
  const started = { key: newKey(), done: {} as Record<string, unknown> };
  // Later writes wait behind queued ones so the server sees them in the order they were made.
  if (isOnline() && pending === 0) {
    try {
      const result = await sendWith(
        op,
        payload,
        files,
        started.key,
        createSteps(started.key, started.done, async () => {}),
      );
      await op.onSent?.(result, payload);
      return { queued: false, result };
    } catch (e) {
      // A stale version online: kept as a conflict entry so the admin sees both and chooses.
      if (e instanceof ApiError && e.status === 409 && op.fetchServer) {
        const entryId = await enqueue(kind, payload, label, [...files, ...queueWith], started);
        await markConflict(entryId, e.message, await op.fetchServer(payload).catch(() => null));
        return { queued: true, entryId, conflict: true };
      }
      if (!isNetworkError(e)) throw e;
    }
  }
  const entryId = await enqueue(kind, payload, label, [...files, ...queueWith], started);
  if (isOnline()) void replayOutbox();
  return { queued: true, entryId };
}

/** The same content, whatever the order of its keys (a merge may rebuild an object in another order). */
function samePayload(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => samePayload((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The local change and the outbox entry (its files included), atomically: neither exists without
 * the other. A change to a queued entry merges into it; files added to an entry being sent join it
 * in this same transaction and the replay picks them up before the entry counts as sent.
 */
export async function enqueue<P>(
  kind: string,
  payload: P,
  label: string,
  files: QueuedFile[] = [],
  started: { key: string; done: Record<string, unknown> } = { key: newKey(), done: {} },
): Promise<number> {
  // Resolved before the transaction: a Dexie transaction must not wait on anything but IndexedDB.
  const op = (await operation(kind)) as Operation<P>;
  return db.transaction('rw', [db.outbox, ...op.tables()], async () => {
    await op.applyLocal?.(payload, files);
    if (op.coalesce) {
      const queuedEntries = await db.outbox.where('state').anyOf('waiting', 'sending').toArray();
      for (const queued of queuedEntries.reverse()) {
        const merged = op.coalesce(queued, payload, files);
        if (!merged) continue;
        // A request already on its way cannot change any more: only new files may join it.
        if (queued.state === 'sending' && !samePayload(merged.payload, queued.payload)) continue;
        // An entry tried before may have reached the server with its keys: new content, new keys.
        const rekey = queued.attempts > 0 && queued.state === 'waiting' && !samePayload(merged.payload, queued.payload);
        await db.outbox.update(queued.id!, {
          payload: merged.payload,
          files: merged.files,
          label: merged.label ?? queued.label,
          steps: op.plan?.(merged.payload as P, merged.files) ?? [],
          ...(rekey ? { key: newKey() } : {}),
          updatedAt: Date.now(),
        });
        return queued.id!;
      }
    }
    const now = Date.now();
    const steps = op.plan?.(payload, files) ?? [];
    return (await db.outbox.add({
      kind,
      label,
      payload,
      files,
      key: started.key,
      done: started.done,
      steps,
      state: 'waiting',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    })) as number;
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
    await db.outbox.update(entry.id!, {
      state: 'failed',
      error: fill(texts().outboxPanel.unknownOperation, { kind: entry.kind }),
      updatedAt: Date.now(),
    });
    return true;
  }
  await db.outbox.update(entry.id!, { state: 'sending', attempts: entry.attempts + 1, updatedAt: Date.now() });
  const steps = createSteps(entry.key, { ...entry.done }, (done) =>
    db.outbox.update(entry.id!, { done: { ...done }, updatedAt: Date.now() }).then(() => undefined),
  );
  try {
    let current = entry;
    for (;;) {
      const result = await sendWith(op, current.payload, current.files, current.key, steps);
      // Files that joined during the send are sent before the entry counts as sent (same check and
      // state change in one transaction, so none can slip in between).
      const finished = await db.transaction('rw', db.outbox, async () => {
        const latest = await db.outbox.get(entry.id!);
        if (!latest) return null;
        if (latest.files.length !== current.files.length) return latest;
        // Sent files are not kept: the blobs can be large.
        await db.outbox.update(entry.id!, { state: 'sent', error: undefined, files: [], updatedAt: Date.now() });
        return 'sent' as const;
      });
      if (finished === null) return true; // discarded meanwhile
      if (finished === 'sent') {
        await op.onSent?.(result, entry.payload);
        return true;
      }
      current = finished;
    }
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
  // Another version is another request: it gets its own keys.
  await db.outbox.update(id, { payload, key: newKey(), state: 'waiting', error: undefined, server: undefined, updatedAt: Date.now() });
  await replayOutbox();
}

/** Sent entries stay visible a while, then go. */
export async function pruneSent(olderThanMs = 24 * 3600_000) {
  const limit = Date.now() - olderThanMs;
  await db.outbox
    .where('state')
    .equals('sent')
    .filter((e) => e.updatedAt < limit)
    .delete();
}

/** After a reload mid-send, an entry left 'sending' is waiting again. */
export async function recoverInterrupted() {
  await db.outbox.where('state').equals('sending').modify({ state: 'waiting' });
}

// The outbox: offline writes keep their local change and their order, replay oldest first, stop
// while the network is gone, show the server's message on failure, and keep both versions on a 409.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../lib/api.ts';
import { db } from './db.ts';
import {
  defineOperation,
  enqueue,
  perform,
  queuedFile,
  registerOperationLoader,
  replayOutbox,
  resolveConflict,
  retryEntry,
} from './outbox.ts';

type Note = { id: number; text: string; version: number };
/** A tiny "server" the test operations talk to: the same rules as the API (version check → 409). */
let server: Map<number, Note>;
let reachable: boolean;
let sent: string[];
let failNext: string | null;

function serverPut(n: Note): Note {
  if (!reachable) throw new NetworkError();
  if (failNext) {
    const message = failNext;
    failNext = null;
    throw new ApiError(400, message);
  }
  const current = server.get(n.id);
  if (current && current.version !== n.version)
    throw new ApiError(409, "L'annonce a été modifiée entre-temps. Rechargez-la avant d'enregistrer.");
  const saved = { ...n, version: n.version + 1 };
  server.set(n.id, saved);
  sent.push(n.text);
  return saved;
}

const NOTE_SAVE = defineOperation<Note, Note>('test.note.save', {
  tables: () => [db.stats],
  send: async (n) => serverPut(n),
  applyLocal: async (n) => {
    await db.stats.put({ key: `note:${n.id}`, value: n, at: Date.now() });
  },
  onSent: async (saved) => {
    await db.stats.put({ key: `note:${saved.id}`, value: saved, at: Date.now() });
  },
  fetchServer: async (n) => server.get(n.id),
  rebase: (n, s) => ({ ...n, version: (s as Note).version }),
  acceptServer: async (s) => {
    await db.stats.put({ key: `note:${(s as Note).id}`, value: s, at: Date.now() });
  },
});

const local = async (id: number) => (await db.stats.get(`note:${id}`))?.value as Note | undefined;
const states = async () => (await db.outbox.orderBy('id').toArray()).map((e) => e.state);

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  server = new Map([[1, { id: 1, text: 'v1', version: 1 }]]);
  reachable = true;
  sent = [];
  failNext = null;
  setOnline(true);
});

describe('outbox', () => {
  it('sends at once when online and stores the answer', async () => {
    const r = await perform(NOTE_SAVE, { id: 1, text: 'online', version: 1 }, 'Note 1');
    expect(r.queued).toBe(false);
    expect(await local(1)).toEqual({ id: 1, text: 'online', version: 2 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues offline with its local change in the same transaction, then replays in order', async () => {
    setOnline(false);
    reachable = false;
    await perform(NOTE_SAVE, { id: 2, text: 'first', version: 0 }, 'Note 2');
    await perform(NOTE_SAVE, { id: 3, text: 'second', version: 0 }, 'Note 3');
    await perform(NOTE_SAVE, { id: 4, text: 'third', version: 0 }, 'Note 4');
    expect((await local(3))?.text).toBe('second');
    expect(await states()).toEqual(['waiting', 'waiting', 'waiting']);

    setOnline(true);
    reachable = true;
    await replayOutbox();
    expect(sent).toEqual(['first', 'second', 'third']);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
    expect(await local(4)).toEqual({ id: 4, text: 'third', version: 1 });
  });

  it('rolls the local change back when the outbox entry cannot be written', async () => {
    await expect(enqueue('test.unknown', { id: 9 }, 'x')).rejects.toThrow('Opération inconnue');
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps entries waiting while the server is unreachable, and keeps the order behind them', async () => {
    reachable = false;
    const first = await perform(NOTE_SAVE, { id: 2, text: 'a', version: 0 }, 'a');
    expect(first.queued).toBe(true);
    await replayOutbox();
    expect(await states()).toEqual(['waiting']);
    // Online again but the queue is not empty: the next write waits behind it.
    reachable = true;
    await perform(NOTE_SAVE, { id: 3, text: 'b', version: 0 }, 'b');
    await replayOutbox();
    expect(sent).toEqual(['a', 'b']);
  });

  it("marks a refused write as failed with the server's message, and retries it on demand", async () => {
    reachable = false;
    await perform(NOTE_SAVE, { id: 5, text: 'bad', version: 0 }, 'Note 5');
    reachable = true;
    failNext = 'Le titre en français est requis';
    await replayOutbox();
    const [entry] = await db.outbox.toArray();
    expect(entry!.state).toBe('failed');
    expect(entry!.error).toBe('Le titre en français est requis');
    await retryEntry(entry!.id!);
    expect(await states()).toEqual(['sent']);
  });

  it('does not overwrite a newer server version: the conflict keeps both, and the admin chooses', async () => {
    setOnline(false);
    reachable = false;
    await perform(NOTE_SAVE, { id: 1, text: 'mine', version: 1 }, 'Note 1');
    server.set(1, { id: 1, text: 'theirs', version: 2 }); // someone else saved meanwhile
    setOnline(true);
    reachable = true;
    await replayOutbox();
    const [entry] = await db.outbox.toArray();
    expect(entry!.state).toBe('conflict');
    expect(entry!.server).toEqual({ id: 1, text: 'theirs', version: 2 });
    expect((entry!.payload as Note).text).toBe('mine');
    expect(server.get(1)!.text).toBe('theirs');

    await resolveConflict(entry!.id!, 'mine');
    expect(server.get(1)).toEqual({ id: 1, text: 'mine', version: 3 });
    expect(await states()).toEqual(['sent']);
  });

  it("keeps the server's version when the admin chooses it", async () => {
    reachable = false;
    await perform(NOTE_SAVE, { id: 1, text: 'mine', version: 1 }, 'Note 1');
    server.set(1, { id: 1, text: 'theirs', version: 2 });
    reachable = true;
    await replayOutbox();
    const [entry] = await db.outbox.toArray();
    await resolveConflict(entry!.id!, 'theirs');
    expect(await db.outbox.count()).toBe(0);
    expect(await local(1)).toEqual({ id: 1, text: 'theirs', version: 2 });
    expect(server.get(1)!.text).toBe('theirs');
  });

  it('replays an entry whose operation is defined in a module loaded only when needed (after a reload)', async () => {
    const now = Date.now();
    // As left by an earlier page: only the stored entry, its operation not defined in this one yet.
    await db.outbox.add({
      kind: 'lazy.save',
      label: 'Note 7',
      payload: { id: 7, text: 'later', version: 0 },
      files: [],
      key: 'k7',
      done: {},
      steps: [],
      state: 'waiting',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    });
    let loads = 0;
    registerOperationLoader('lazy', async () => {
      loads++;
      defineOperation<Note, Note>('lazy.save', { tables: () => [], send: async (n) => serverPut(n) });
    });
    await replayOutbox();
    expect(loads).toBe(1);
    expect(sent).toEqual(['later']);
    expect(await states()).toEqual(['sent']);
  });

  it('keeps an entry waiting, and the ones behind it, while its operation cannot be loaded', async () => {
    const now = Date.now();
    const entry = {
      label: 'x',
      payload: { id: 8, text: 'x', version: 0 },
      files: [],
      key: 'k8',
      done: {},
      steps: [],
      state: 'waiting' as const,
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    };
    await db.outbox.add({ ...entry, kind: 'unloadable.save' });
    await db.outbox.add({ ...entry, kind: NOTE_SAVE });
    registerOperationLoader('unloadable', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await replayOutbox();
    expect(await states()).toEqual(['waiting', 'waiting']);
    expect(sent).toEqual([]);
  });

  it('a 409 met online is recorded as a conflict too, not thrown away', async () => {
    server.set(1, { id: 1, text: 'theirs', version: 5 });
    const r = await perform(NOTE_SAVE, { id: 1, text: 'mine', version: 1 }, 'Note 1');
    expect(r).toMatchObject({ queued: true, conflict: true });
    expect(await states()).toEqual(['conflict']);
  });

  describe('steps', () => {
    /** A two-step write: "create" on the server, then one "upload" per file; each step's key is logged. */
    let calls: string[];
    let loseAnswerOf: string | null;
    const ALBUM = defineOperation<{ title: string }, { id: number }>('test.album', {
      tables: () => [],
      async send(p, files, steps) {
        const created = await steps.run('create', async () => {
          calls.push(`create ${p.title}`);
          if (loseAnswerOf === 'create') {
            loseAnswerOf = null;
            throw new NetworkError(); // the server did it, the answer never came
          }
          return { id: 42 };
        });
        for (const f of files)
          await steps.run(`file:${f.id}`, async () => {
            calls.push(`upload ${f.name} to ${created.id}`);
            if (loseAnswerOf === f.name) {
              loseAnswerOf = null;
              throw new NetworkError();
            }
          });
        return created;
      },
    });
    const file = (name: string) => queuedFile({ field: 'file', blob: new Blob(['x']), name, type: 'text/plain' });

    beforeEach(() => {
      calls = [];
      loseAnswerOf = null;
    });

    it('resumes after the steps done: a lost answer of the second upload does not repeat the create or the first upload', async () => {
      setOnline(false);
      await enqueue(ALBUM, { title: 'A' }, 'Album', [file('1.jpg'), file('2.jpg'), file('3.jpg')]);
      setOnline(true);
      loseAnswerOf = '2.jpg';
      await replayOutbox();
      expect(await states()).toEqual(['waiting']);
      const [entry] = await db.outbox.toArray();
      expect(Object.keys(entry!.done)).toHaveLength(2); // create and the first file
      await replayOutbox();
      expect(await states()).toEqual(['sent']);
      // The interrupted upload is sent again (its key lets the server answer it once); nothing else is.
      expect(calls).toEqual(['create A', 'upload 1.jpg to 42', 'upload 2.jpg to 42', 'upload 2.jpg to 42', 'upload 3.jpg to 42']);
    });

    it('keeps the steps done online when the answer is lost, and the replay goes on from there', async () => {
      loseAnswerOf = 'create';
      const r = await perform(ALBUM, { title: 'B' }, 'Album', [], [file('b.jpg')]);
      expect(r.queued).toBe(true);
      await replayOutbox();
      expect(await states()).toEqual(['sent']);
      expect(calls).toEqual(['create B', 'create B', 'upload b.jpg to 42']);
    });

    it('sends files added while the entry is being sent before calling it sent', async () => {
      setOnline(false);
      await enqueue(ALBUM, { title: 'C' }, 'Album', [file('c1.jpg')]);
      setOnline(true);
      const replay = replayOutbox();
      // Joined in the same transaction that marks entries, while the replay is under way.
      await db.transaction('rw', db.outbox, async () => {
        const [entry] = await db.outbox.toArray();
        await db.outbox.update(entry!.id!, { files: [...entry!.files, file('c2.jpg')] });
      });
      await replay;
      expect(await states()).toEqual(['sent']);
      expect(calls.filter((c) => c.startsWith('upload'))).toEqual(['upload c1.jpg to 42', 'upload c2.jpg to 42']);
    });

    it('lets new files join an entry being sent when its merge changes nothing, even if it rebuilds the payload in another key order', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const uploads: string[] = [];
      // As the listing edit does, the merge puts the content back after the other keys.
      const REORDERING = defineOperation<{ title: string; tags: string[] }, { id: number }>('test.album.reorder', {
        tables: () => [],
        async send(_p, files, steps) {
          await steps.run('create', () => gate);
          for (const f of files) await steps.run(`file:${f.id}`, async () => void uploads.push(f.name));
          return { id: 42 };
        },
        coalesce: (queued, p, files) => {
          const { title, ...rest } = queued.payload as { title: string; tags: string[] };
          return title === p.title ? { payload: { ...rest, title }, files: [...queued.files, ...files] } : null;
        },
      });
      setOnline(false);
      await enqueue(REORDERING, { title: 'D', tags: [] }, 'Album', [file('d1.jpg')]);
      setOnline(true);
      const replay = replayOutbox();
      await expect.poll(async () => (await db.outbox.toArray())[0]?.state).toBe('sending');
      await enqueue(REORDERING, { title: 'D', tags: [] }, 'Album', [file('d2.jpg')]);
      release();
      await replay;
      expect(await states()).toEqual(['sent']);
      expect(uploads).toEqual(['d1.jpg', 'd2.jpg']);
    });
  });
});

// Public pages rendered in worker threads (render-worker.ts), so that uncached renders use every core
// while the main thread keeps answering cache hits, the API and the admin (issue #17, decision 095).
// A thread reads the catalogue through the main thread's reader, which runs each read on the main
// thread's connection and sends its result back (decision 103). Threads start at the first render. A
// thread that dies is replaced; while none can render, `render` rejects and the caller renders on the
// main thread as before.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { CatalogueReader } from '@app/domain/catalogue-reader';
import { OLD_SPACE_FLAG } from '../node-flags.ts';
import type { Logger } from '../services/logger.ts';

/** The in-process Hono app's `request`, as pages call it (locals.api). */
export type InProcessApi = { request(input: string, init?: RequestInit): Response | Promise<Response> };

/** Main thread → render thread. */
export type ToRenderThread =
  | { kind: 'render'; id: number; method: string; url: string; headers: IncomingHttpHeaders }
  | { kind: 'read-done'; id: number; result: unknown }
  | { kind: 'read-failed'; id: number; message: string }
  | { kind: 'close' };

/** Render thread → main thread. */
export type FromRenderThread =
  | { kind: 'ready' }
  | { kind: 'rendered'; id: number; status: number; headers: OutgoingHttpHeaders; body: Uint8Array }
  | { kind: 'failed'; id: number; message: string }
  /** A read of the main thread's catalogue reader (`catalogue`): `catalogue[method](...args)`. */
  | { kind: 'read'; id: number; method: CatalogueRead; args: unknown[] };

export type CatalogueRead = keyof CatalogueReader;

export type RenderThreadData = { siteEntry: string };

export type RenderPool = {
  /**
   * Renders worth having under way at once: 16 a thread. Each page crosses threads four times, and with
   * fewer pages under way a thread and the main thread kept waiting on each other's messages (decision 105).
   */
  concurrency: number;
  /** Renders the GET `req` in a thread and writes its answer to `res`; rejects, having written nothing, when no thread could. */
  render(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
};

export type RenderPoolOptions = {
  size: number;
  siteEntry: string;
  log: Logger;
  /** The thread's module (tests give another). */
  workerUrl?: URL;
  /** What a thread's pages read: the main thread's reader (none in tests of the pool alone: every read fails). */
  catalogue?: CatalogueReader;
};

type Rendered = Extract<FromRenderThread, { kind: 'rendered' }>;
type Thread = {
  worker: Worker;
  ready: Promise<void>;
  /** Renders given to this thread and not yet answered, counted from the moment it is picked. */
  load: number;
  pending: Map<number, { resolve(answer: Rendered): void; reject(err: Error): void }>;
};

/**
 * Pages under way per thread. 16 cost ~10 % less CPU per uncached listings page than 4 (decision 105). On
 * PostgreSQL a page's read waits on a round trip to the cluster: 32 keep the thread busy through it, ~4 % more
 * listings pages a second in alternated pairs, the same on SQLite and the same memory (decision 108).
 */
const RENDERS_PER_THREAD = 32;

/**
 * The heap flag render threads need set before they start: the server's own (node-flags.ts), for a server
 * started without it (`node api/src/server.ts`). A render thread promotes the pages under way, which outlive
 * two scavenges, and left to V8 it marked its whole heap every second or two (decision 107). Undefined when
 * the command line sized the heap already, with this flag or the operator's own: V8 flags are the process's,
 * and that one stands.
 */
export function renderThreadHeapFlag(execArgv: readonly string[]): string | undefined {
  const sized = execArgv.some((arg) => /^--(initial-old-space-size|initial-heap-size)(=|$)/.test(arg.replaceAll('_', '-')));
  return sized ? undefined : OLD_SPACE_FLAG;
}

/** Threads that die in a row before one gets ready; past this the pool stops replacing them. */
const MAX_RESTARTS = 3;

export function createRenderPool({
  size,
  siteEntry,
  log,
  workerUrl = new URL('../render-worker.ts', import.meta.url),
  catalogue,
}: RenderPoolOptions): RenderPool {
  let threads: Thread[] | undefined;
  let restarts = 0;
  let closed = false;
  let lastId = 0;

  const start = (): Thread => {
    // V8 reads its heap flags when it makes an isolate: set here, the flag sizes the threads started from
    // now on (Node's `resourceLimits` has no field for it), never the main thread's heap, made already.
    const heapFlag = renderThreadHeapFlag(process.execArgv);
    if (heapFlag) v8.setFlagsFromString(heapFlag);
    const worker = new Worker(workerUrl, { workerData: { siteEntry } satisfies RenderThreadData });
    const pending: Thread['pending'] = new Map();
    let ready!: () => void;
    let failed!: (err: Error) => void;
    const thread: Thread = {
      worker,
      pending,
      load: 0,
      ready: new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject))),
    };
    thread.ready.catch(() => undefined); // a boot failure is seen by the renders waiting on it
    worker.on('message', (message: FromRenderThread) => {
      if (message.kind === 'ready') {
        restarts = 0;
        return ready();
      }
      if (message.kind === 'read') return void read(worker, message);
      const job = pending.get(message.id);
      pending.delete(message.id);
      if (message.kind === 'rendered') job?.resolve(message);
      else job?.reject(new Error(message.message));
    });
    worker.on('error', (err) => log.error('render thread failed', { error: err.message }));
    worker.once('exit', (code) => {
      const gone = new Error(`render thread exited (${code})`);
      failed(gone);
      for (const job of pending.values()) job.reject(gone);
      pending.clear();
      if (!threads || closed) return;
      threads = threads.filter((t) => t !== thread);
      if (restarts++ < MAX_RESTARTS) threads.push(start());
      else log.error('render threads keep failing: pages render on the main thread', {});
    });
    return thread;
  };

  /** Runs a thread's read on this thread's reader and sends the result (or why it failed: also a result that cannot be sent) back. */
  const read = async (worker: Worker, { id, method, args }: Extract<FromRenderThread, { kind: 'read' }>) => {
    try {
      if (!catalogue || !Object.hasOwn(catalogue, method)) throw new Error(`no catalogue read "${method}"`);
      const result: unknown = await Reflect.apply(catalogue[method], catalogue, args);
      worker.postMessage({ kind: 'read-done', id, result } satisfies ToRenderThread);
    } catch (err) {
      worker.postMessage({ kind: 'read-failed', id, message: err instanceof Error ? err.message : String(err) } satisfies ToRenderThread);
    }
  };

  /** The thread with the fewest renders under way. */
  const pick = (): Thread | undefined => {
    threads ??= Array.from({ length: size }, start);
    let best: Thread | undefined;
    for (const t of threads) if (!best || t.load < best.load) best = t;
    return best;
  };

  return {
    concurrency: RENDERS_PER_THREAD * size,
    async render(req, res) {
      const thread = closed ? undefined : pick();
      if (!thread) throw new Error('no render thread');
      thread.load++;
      let answer: Rendered;
      try {
        await thread.ready;
        const id = ++lastId;
        answer = await new Promise<Rendered>((resolve, reject) => {
          thread.pending.set(id, { resolve, reject });
          thread.worker.postMessage({
            kind: 'render',
            id,
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: req.headers,
          } satisfies ToRenderThread);
        });
      } finally {
        thread.load--;
      }
      res.writeHead(answer.status, answer.headers);
      const { body } = answer;
      res.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    },
    async close() {
      closed = true;
      const stopping = (threads ?? []).map(
        ({ worker }) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.postMessage({ kind: 'close' } satisfies ToRenderThread); // closes its database, then ends
            setTimeout(() => void worker.terminate(), 2_000).unref();
          }),
      );
      await Promise.all(stopping);
    },
  };
}

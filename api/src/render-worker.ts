// A render thread (http/render-pool.ts): renders public pages off the main thread. Its pages read the
// catalogue through the main thread's reader (each read a message there and back, decision 103), so the
// thread holds no database connection. Each answer is collected whole (status, headers, body) and sent
// back, where the page cache keeps it and compresses it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { CatalogueReader } from '@app/domain/catalogue-reader';
import type { SiteHandler } from './http/origin.ts';
import type { CatalogueRead, FromRenderThread, InProcessApi, RenderThreadData, ToRenderThread } from './http/render-pool.ts';
import { captureResponse, requestWithoutConnection } from './http/response-capture.ts';

const port = parentPort!;
/** `transfer`: memory that moves to the main thread instead of being copied. */
const send = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const { siteEntry } = workerData as RenderThreadData;

const reads = new Map<number, { resolve(result: unknown): void; reject(err: Error): void }>();
let lastRead = 0;
const read =
  <M extends CatalogueRead>(method: M) =>
  (...args: Parameters<CatalogueReader[M]>) =>
    new Promise<Awaited<ReturnType<CatalogueReader[M]>>>((resolve, reject) => {
      const id = ++lastRead;
      reads.set(id, { resolve: resolve as (result: unknown) => void, reject });
      send({ kind: 'read', id, method, args });
    });
const catalogue: CatalogueReader = {
  searchProducts: read('searchProducts'),
  searchListings: read('searchListings'),
  getProduct: read('getProduct'),
  publicDocuments: read('publicDocuments'),
};
const takeRead = (id: number) => {
  const pending = reads.get(id);
  reads.delete(id);
  return pending;
};
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const site = ((await import(pathToFileURL(siteEntry).href)) as { handler: SiteHandler }).handler;

// A GET page reads through the catalogue reader. A render that calls the API is answered "failed" whatever
// the page made of the refusal, and the main thread renders it itself, with its app (as it does POSTs).
const rendering = new AsyncLocalStorage<{ calledApi: boolean }>();
const api: InProcessApi = {
  request() {
    const state = rendering.getStore();
    if (state) state.calledApi = true;
    return Promise.reject(new Error('A page rendered in a thread cannot call the API'));
  },
};

function render({ id, method, url, headers }: Extract<ToRenderThread, { kind: 'render' }>) {
  // Astro's node handler reads a request and writes a response: here, ones without a connection.
  const { req, res } = requestWithoutConnection(method, url, headers);
  const state = { calledApi: false };
  const failed = (message: string) => send({ kind: 'failed', id, message });
  captureResponse(res, ({ status, headers: answered, body }) => {
    if (state.calledApi) return failed('the page calls the API');
    // The page goes as bytes, encoded here: its text, sent as it is, lived in the main thread until the page
    // was compressed, long enough to outlive V8's young generation (decision 104). Bytes that are the whole
    // of their memory (a page's, as Buffer.from encodes it) move instead of being copied.
    const owned = body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
    send({ kind: 'rendered', id, status, headers: answered, body }, owned ? [body.buffer as ArrayBuffer] : []);
  });
  // No route (the site has a catch-all, so never): the main thread answers, as it does for its own renders.
  rendering
    .run(state, () => site(req, res, () => failed('no route'), { api, catalogue }))
    .catch((err: unknown) => failed(err instanceof Error ? err.message : String(err)));
}

port.on('message', (message: ToRenderThread) => {
  switch (message.kind) {
    case 'render':
      return render(message);
    case 'read-done':
      return takeRead(message.id)?.resolve(message.result);
    case 'read-failed':
      return takeRead(message.id)?.reject(new Error(message.message));
    case 'close':
      return process.exit(0);
  }
});
send({ kind: 'ready' });

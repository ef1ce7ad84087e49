// A render thread (http/render-pool.ts): renders public pages off the main thread. It opens its own
// connection to the database and hands the site the same in-process catalogue reader as the main
// thread does. Each answer is collected whole
// (status, headers, body) and sent back, where the page cache keeps it and compresses it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '@app/db';
import { databaseConfig, parseEnv } from './env.ts';
import type { SiteHandler } from './http/origin.ts';
import type { FromRenderThread, InProcessApi, RenderThreadData, ToRenderThread } from './http/render-pool.ts';
import { captureResponseText } from './http/response-capture.ts';
import type { Group } from './services/catalogue-facets.ts';
import { createCatalogueReader } from './services/catalogue-reader.ts';
import { readFacetGroupsFrom } from './services/catalogue-search.ts';
import { createLogger } from './services/logger.ts';

/** Renders under way in one thread are few (the page cache queues the rest): a few connections serve them. */
const THREAD_POOL_SIZE = 4;

const port = parentPort!;
/** `transfer`: memory that moves to the main thread instead of being copied. */
const send = (message: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const { siteEntry, sharedFacets } = workerData as RenderThreadData;

const env = parseEnv(process.env);
const db = openDatabase({ ...databaseConfig(env), poolSize: Math.min(env.DATABASE_POOL_SIZE, THREAD_POOL_SIZE) });
const catalogue = createCatalogueReader({ db, env, log: createLogger(env.LOG_LEVEL) });

// Facet counts come from the main thread, whose listing writes keep them up to date (decision 099).
const asked = new Map<number, { resolve(groups: Group[]): void; reject(err: Error): void }>();
let lastAsk = 0;
if (sharedFacets) {
  readFacetGroupsFrom(db, (query) => {
    const id = ++lastAsk;
    return new Promise<Group[]>((resolve, reject) => {
      asked.set(id, { resolve, reject });
      send({ kind: 'groups', id, query });
    });
  });
}
const takeAsk = (id: number) => {
  const ask = asked.get(id);
  asked.delete(id);
  return ask;
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
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.headers = headers;
  req.push(null);
  const res = new ServerResponse(req);
  const state = { calledApi: false };
  const failed = (message: string) => send({ kind: 'failed', id, message });
  captureResponseText(res, ({ status, headers: answered, body }) => {
    if (state.calledApi) return failed('the page calls the API');
    // A page's text goes as it is (the main thread encodes it); a body that is the whole of its memory
    // moves instead of being copied.
    const owned =
      typeof body !== 'string' && body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
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
    case 'groups':
      return takeAsk(message.id)?.resolve(message.groups);
    case 'groups-failed':
      return takeAsk(message.id)?.reject(new Error(message.message));
    case 'close':
      return void db.$close().finally(() => process.exit(0));
  }
});
send({ kind: 'ready' });

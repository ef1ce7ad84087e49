// A lean HTTP/1.1 load generator for the benchmark: raw keep-alive sockets, one request in flight per
// connection (no pipelining), run in a worker thread so that the bench's own work never slows it. It
// is lean enough that a bare node:http server, not the generator, runs out of CPU first (autocannon's
// per-request bookkeeping saturated before the servers did; issue #17).
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export type LoadOptions = {
  port: number;
  /** Paths asked in turn; `{n}` is replaced by a counter (uncached renders: `/annonces?r={n}`). */
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
  timeoutMs?: number;
  /** Where in the sequence of paths (and of `{n}`) to start: a later round asks pages the earlier ones did not. */
  from?: number;
  /** Keep every answer's start and latency (`LoadStats.timeline`), to see when in the run the slow ones came. */
  timeline?: boolean;
};

export type LoadStats = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Response bytes received (status line, headers and body as sent). */
  bytes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** With `timeline`: [when the request was sent (ms since the epoch), its latency (ms)] per answer. */
  timeline?: [number, number][];
};

/** Runs the load in a worker thread and resolves with its figures. */
export function runLoad(options: LoadOptions): Promise<LoadStats> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { loadgen: options } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
  });
}

type Parsed = { done: false } | { done: true; status: number; used: number };

/** Finds one whole response at the start of buf: Content-Length or chunked bodies. */
function parseResponse(buf: Buffer): Parsed {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return { done: false };
  const head = buf.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  let at = headEnd + 4;
  if (length) {
    const end = at + Number(length[1]);
    return end <= buf.length ? { done: true, status, used: end } : { done: false };
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head))
    return status === 204 || status === 304 ? { done: true, status, used: at } : { done: false };
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    if (lineEnd < 0) return { done: false };
    const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
    at = lineEnd + 2 + size + 2;
    if (at > buf.length) return { done: false };
    if (size === 0) return { done: true, status, used: at };
  }
}

function generate(o: LoadOptions): Promise<LoadStats> {
  const extra = Object.entries({ host: `127.0.0.1:${o.port}`, ...o.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const fixed = o.paths.map((p) => (p.includes('{n}') ? null : Buffer.from(`GET ${p} HTTP/1.1\r\n${extra}\r\n`)));
  const latencies: number[] = [];
  const timeline: [number, number][] | undefined = o.timeline ? [] : undefined;
  const stats = { requests: 0, bytes: 0, errors: 0, timeouts: 0, non2xx: 0 };
  let counter = o.from ?? 0;
  let running = true;
  const timeoutMs = o.timeoutMs ?? 10_000;

  const connection = () => {
    const socket = net.connect(o.port, '127.0.0.1');
    socket.setNoDelay(true);
    let pending: Buffer | null = null;
    let sentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const send = () => {
      if (!running) return void socket.end();
      const i = counter++;
      const slot = i % o.paths.length;
      const request = fixed[slot] ?? Buffer.from(`GET ${o.paths[slot]!.replace('{n}', String(i))} HTTP/1.1\r\n${extra}\r\n`);
      sentAt = performance.now();
      timer = setTimeout(() => {
        stats.timeouts++;
        socket.destroy();
      }, timeoutMs);
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      const parsed = parseResponse(pending);
      if (!parsed.done) return;
      clearTimeout(timer);
      const latency = performance.now() - sentAt;
      latencies.push(latency);
      timeline?.push([performance.timeOrigin + sentAt, latency]);
      stats.requests++;
      stats.bytes += parsed.used;
      if (parsed.status < 200 || parsed.status >= 300) stats.non2xx++;
      pending = parsed.used < pending.length ? pending.subarray(parsed.used) : null;
      send();
    });
    socket.on('error', () => stats.errors++);
    socket.on('close', () => {
      clearTimeout(timer);
      if (running) connection();
    });
  };

  const started = performance.now();
  for (let c = 0; c < o.connections; c++) connection();
  return new Promise((resolve) => {
    setTimeout(() => {
      running = false;
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0).toFixed(2));
      resolve({ ...stats, rps: stats.requests / seconds, p50: at(0.5), p99: at(0.99), max: at(1), timeline });
    }, o.durationS * 1000);
  });
}

// Only in the worker runLoad starts (a test runner's own worker threads import this module too).
if (!isMainThread && parentPort && (workerData as { loadgen?: LoadOptions } | null)?.loadgen) {
  const stats = await generate((workerData as { loadgen: LoadOptions }).loadgen);
  parentPort.postMessage(stats);
  process.exit(0);
}

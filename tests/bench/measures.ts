// The benchmark's measurements besides load: the server's memory during a 50 MB upload, newsletter
// throughput through a local SMTP server, and Lighthouse when it can run offline.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { AdminSession } from '../support/auth.ts';
import { openSqlite } from '@app/db';
import type { TestServer } from '../support/server.ts';

/** A memory figure of a process in MB, from /proc/<pid>/status (Linux): VmRSS (resident now) or VmHWM (resident at most). */
export function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Resident memory of a process in MB. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** Samples a process's RSS every intervalMs until stop(); returns the peak and the samples. */
export function sampleRss(pid: number, intervalMs = 20) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      /* the process ended */
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { peak: Math.max(...samples), samples };
    },
  };
}

/** Streams a document of exactly `bytes` to the server (chunked multipart) while sampling the server's RSS. */
export async function uploadMemory(server: TestServer, session: AdminSession, productId: number, bytes: number) {
  const pid = server.process.pid!;
  const before: number[] = [];
  for (let i = 0; i < 10; i++) {
    before.push(rssMb(pid));
    await new Promise((r) => setTimeout(r, 50));
  }
  const baseline = before.sort((a, b) => a - b)[Math.floor(before.length / 2)]!;
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="titles"\r\n\r\n["Grand document"]\r\n--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="grand.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\n%%EOF\r\n--${boundary}--\r\n`);
  const block = Buffer.alloc(1024 * 1024, 0x20);
  let sent = 0;
  // The file is exactly `bytes` long: '%PDF-1.4\n' (9), the payload, '\n%%EOF' (6).
  const payload = bytes - 15;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new Uint8Array(head));
      const n = Math.min(block.length, payload - sent);
      if (n > 0) {
        controller.enqueue(new Uint8Array(block.subarray(0, n)));
        sent += n;
      } else {
        controller.enqueue(new Uint8Array(tail));
        controller.close();
      }
    },
  });
  const sampler = sampleRss(pid, 10);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/products/${productId}/documents`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  const answer = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const { peak } = sampler.stop();
  return {
    status: res.status,
    answer: answer.slice(0, 200),
    uploadedMB: bytes / 1024 / 1024,
    seconds,
    baselineMB: baseline,
    peakMB: peak,
    deltaMB: peak - baseline,
  };
}

/** A local SMTP server that only counts what it receives (no parsing: the bench measures the sender). */
export async function countingSmtp() {
  let received = 0;
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'bench' }),
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  return { port, received: () => received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** Inserts `count` confirmed subscribers straight into the database. */
export function addSubscribers(databasePath: string, count: number) {
  const db = openSqlite(databasePath); // the bench's subscribers: SQLite only (run.ts)
  const insert = db.prepare(
    'insert into newsletter_subscribers (email, language, is_active, unsubscribe_token, confirmed_at) values (?, ?, 1, ?, 0)',
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(`abonne${i}@bench.example.org`, i % 4 ? 'fr' : 'en', `bench${String(i).padStart(40, '0')}`);
  })();
  db.close();
}

/** Sends one newsletter to every subscriber and times it until the sending is done. */
export async function newsletterRun(server: TestServer, session: AdminSession, smtpPort: number, received: () => number, expected: number) {
  const account = await server.api('/smtp/accounts', {
    method: 'POST',
    headers: session.headers,
    json: {
      name: 'Bench',
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      user: 'bench',
      password: 'bench',
      fromName: 'Provence Moteurs',
      fromEmail: 'news@example.test',
      isActive: true,
    },
  });
  const accountId = ((await account.json()) as { id: number }).id;
  await server.api('/smtp/settings/newsletter', {
    method: 'PUT',
    headers: session.headers,
    json: { smtpAccountId: accountId, recipientEmail: null },
  });
  const pid = server.process.pid!;
  const baseline = rssMb(pid);
  const sampler = sampleRss(pid, 100);
  const started = performance.now();
  const res = await server.api('/newsletter/admin/send', {
    method: 'POST',
    headers: session.headers,
    json: {
      subject: 'Lettre du banc d’essai',
      content: 'Nouveautés du mois : moteurs marins, groupes électrogènes et pièces détachées.\n\nÀ bientôt.',
    },
  });
  if (res.status !== 202) throw new Error(`newsletter send answered ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { id: number }).id;
  let status: Record<string, any> = {};
  const deadline = Date.now() + 15 * 60_000;
  while (status.status !== 'done' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    status = (await (await server.api(`/newsletter/admin/sendings/${id}`, { headers: session.headers })).json()) as Record<string, any>;
  }
  const seconds = (performance.now() - started) / 1000;
  const { peak } = sampler.stop();
  return {
    subscribers: expected,
    status: status.status,
    sent: status.sentCount,
    failed: status.failedCount,
    received: received(),
    seconds,
    perSecond: status.sentCount / seconds,
    baselineMB: baseline,
    peakMB: peak,
  };
}

export type LighthouseOutcome =
  | { available: false; reason: string }
  | { available: true; scores: { page: string; performance: number; accessibility: number; bestPractices: number; seo: number }[] };

/**
 * Lighthouse in its default mobile profile (phone screen, simulated slow 4G and CPU slowdown) with Debian's Chromium, if the `lighthouse` package can be loaded (from the project or
 * from LIGHTHOUSE_DIR, where `npm install lighthouse` put it). It never downloads a browser.
 */
export async function lighthouse(baseUrl: string, pages: string[]): Promise<LighthouseOutcome> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return { available: false, reason: `no Chromium at ${chromePath}` };
  let lh: (
    url: string,
    flags: Record<string, unknown>,
  ) => Promise<{ lhr: { categories: Record<string, { score: number | null }> } } | undefined>;
  let launch: (options: Record<string, unknown>) => Promise<{ port: number; kill(): Promise<void> | void }>;
  try {
    const from = process.env.LIGHTHOUSE_DIR ? path.join(process.env.LIGHTHOUSE_DIR, 'package.json') : import.meta.filename;
    const require = createRequire(from);
    lh = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
    launch = (await import(pathToFileURL(require.resolve('chrome-launcher')).href)).launch;
  } catch (err) {
    return { available: false, reason: `the lighthouse package is not installed (${String(err).split('\n')[0]})` };
  }
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const scores = [];
    for (const page of pages) {
      const result = await lh(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const c = result!.lhr.categories;
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      });
    }
    return { available: true, scores };
  } catch (err) {
    return { available: false, reason: `lighthouse failed: ${String(err).split('\n')[0]}` };
  } finally {
    await chrome.kill();
  }
}

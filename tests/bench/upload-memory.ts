// Memory of one 50 MiB upload in a freshly started server: VmRSS and VmHWM (peak) from
// /proc/<pid>/status before the upload (after sign-in) and after it. Linux only.
// Run: node tests/bench/upload-memory.ts   (after `source scripts/env.sh`)
import fs from 'node:fs';
import { engineInput, makePdf, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const MB = 1024 * 1024;

/** VmRSS and VmHWM of the server process, in MiB. */
export function memory(server: TestServer) {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Starts a server, signs in, uploads one file of `size` bytes; returns memory before and after. */
export async function measureUpload(size = 50 * MB, route: 'technical' | 'listing' = 'technical') {
  const server = await startServer();
  try {
    const token = (await signInAsAdmin(server)).accessToken;
    const productId = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
    const head = makePdf('Mesure', ['mémoire']);
    const bytes = Buffer.concat([head, Buffer.alloc(size - head.length)]);
    const before = memory(server);
    const res =
      route === 'technical'
        ? await upload(server, '/admin/technical-documents/upload', token, [{ field: 'document', name: 'mesure.pdf', bytes }], { title: 'Mesure' })
        : await upload(server, `/products/${productId}/documents`, token, [{ field: 'documents', name: 'mesure.pdf', bytes }], { titles: JSON.stringify(['Mesure']) });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return { before, after: memory(server) };
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  for (const route of ['technical', 'listing'] as const) {
    const { before, after } = await measureUpload(50 * MB, route);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `${route} document, 50 MiB: RSS ${f(before.rss)} → ${f(after.rss)} MiB (+${f(after.rss - before.rss)}), peak ${f(before.peak)} → ${f(after.peak)} MiB (+${f(after.peak - before.peak)})`,
    );
  }
}

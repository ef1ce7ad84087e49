// Memory of one 50 MiB upload in a freshly started server: VmRSS from /proc/<pid>/status before the
// upload (after sign-in) and after it. Linux only. (The benchmark samples RSS during a chunked
// upload; this is the fresh-process figure the upload-memory test checks.)
// Run: node tests/bench/upload-memory.ts   (after `source scripts/env.sh`)
import { engineInput, makePdf, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { rssMb } from './measures.ts';
import { startServer } from '../support/server.ts';

const MB = 1024 * 1024;

/** Starts a server, signs in, uploads one file of `size` bytes; returns memory before and after. */
export async function measureUpload(size = 50 * MB, route: 'technical' | 'listing' = 'technical') {
  const server = await startServer();
  try {
    const token = (await signInAsAdmin(server)).accessToken;
    const productId = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
    const head = makePdf('Mesure', ['mémoire']);
    const bytes = Buffer.concat([head, Buffer.alloc(size - head.length)]);
    const before = rssMb(server.process.pid!);
    const res =
      route === 'technical'
        ? await upload(server, '/admin/technical-documents/upload', token, [{ field: 'document', name: 'mesure.pdf', bytes }], {
            title: 'Mesure',
          })
        : await upload(server, `/products/${productId}/documents`, token, [{ field: 'documents', name: 'mesure.pdf', bytes }], {
            titles: JSON.stringify(['Mesure']),
          });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return { before, after: rssMb(server.process.pid!) };
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  for (const route of ['technical', 'listing'] as const) {
    const { before, after } = await measureUpload(50 * MB, route);
    const f = (n: number) => n.toFixed(1);
    console.log(`${route} document, 50 MiB: RSS ${f(before)} → ${f(after)} MiB (+${f(after - before)})`);
  }
}

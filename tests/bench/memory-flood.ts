// `node tests/bench/memory-flood.ts [pages]`: what the server's resident memory is made of after a fixed
// number of uncached renders (default 600 `/annonces?r=<n>`, 8 at once, over render-cpu.ts's kept catalogue of
// 10,000 listings). render-cpu.ts floods for a duration, so its peak grows with the pages the shared machine let
// it render; a count compares runs made under different loads (issue #33, docs/perf/memory.md).
// Prints V8's heap spaces and external memory (memory-parts.ts) and the resident memory by mapping kind from
// /proc/<pid>/smaps: V8's pages (anonymous, under 1 MiB each), malloc's main arena ([heap]), the node binary,
// other files. SERVER_NODE_OPTIONS=<flags> starts the server with those Node/V8 flags.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../support/server.ts';
import { seededDataDir } from '../load/scenario.ts';
import type { MemoryParts } from './memory-parts.ts';

const listings = 10_000;
const kept = path.join(os.tmpdir(), `pm-render-cpu-${listings}`); // shared with render-cpu.ts
if (!fs.existsSync(path.join(kept, 'app.db'))) {
  const seeded = await seededDataDir(listings);
  fs.cpSync(seeded, kept, { recursive: true });
  fs.rmSync(seeded, { recursive: true, force: true });
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-memory-flood-'));
fs.cpSync(kept, dataDir, { recursive: true });
const partsFile = path.join(dataDir, 'memory-parts.json');
const server = await startServer({
  full: true,
  dataDir,
  env: {
    NODE_OPTIONS: [`--import ${path.join(import.meta.dirname, 'memory-parts.ts')}`, process.env.SERVER_NODE_OPTIONS ?? ''].join(' '),
    MEMORY_PARTS_FILE: partsFile,
  },
});

/** Resident MiB by kind of mapping, from /proc/<pid>/smaps. */
function residentByMapping(pid: number): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const mapping of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const [range = '', , , , , name = ''] = mapping.split('\n')[0]!.split(/\s+/);
    const [start = 0, end = 0] = range.split('-').map((hex) => parseInt(hex, 16));
    const rss = Number(/^Rss:\s+(\d+)/m.exec(mapping)?.[1] ?? 0) / 1024;
    const kind = name.startsWith('/')
      ? name.endsWith('/node')
        ? 'node binary'
        : 'other files'
      : name || (end - start >= 1024 * 1024 ? 'anonymous ≥ 1 MiB' : 'anonymous < 1 MiB (V8 pages)');
    kinds.set(kind, (kinds.get(kind) ?? 0) + rss);
  }
  return kinds;
}

const SHOWN = ['rss', 'heapTotal', 'new_space.size', 'old_space.size', 'old_space.used', 'external', 'arrayBuffers'];
const show = (parts: MemoryParts) => SHOWN.map((name) => `${name} ${parts[name]!.toFixed(0)}`).join(', ');

const pages = Number(process.argv[2] ?? 600);
const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
let next = 0;
async function visitor() {
  while (next < pages) {
    const res = await fetch(`${server.url}/annonces?r=${next++}`, { headers });
    await res.arrayBuffer();
  }
}
try {
  const pid = server.process.pid!;
  await Promise.all(Array.from({ length: 8 }, visitor));
  await new Promise((resolve) => setTimeout(resolve, 150)); // memory-parts.ts writes every 50 ms
  const { now, peak } = JSON.parse(fs.readFileSync(partsFile, 'utf8')) as Record<'now' | 'peak', MemoryParts>;
  const byMapping = [...residentByMapping(pid)].filter(([, mib]) => mib >= 1).sort(([, a], [, b]) => b - a);
  console.log(`after ${pages} uncached /annonces pages (MiB): ${show(now)}`);
  console.log(`  at the peak: ${show(peak)}`);
  console.log(`  resident by mapping: ${byMapping.map(([kind, mib]) => `${kind} ${mib.toFixed(0)}`).join(', ')}`);
} finally {
  await server.stop('SIGINT');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

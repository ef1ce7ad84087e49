// Preloaded into the server by `MEMORY=1 node tests/bench/render-cpu.ts` (NODE_OPTIONS=--import): every
// 50 ms reads process.memoryUsage() and V8's heap spaces, and writes to the file MEMORY_PARTS_FILE the
// latest reading and the one taken when the process was most resident, so that a run can say what its
// resident memory is made of after warm-up and at its peak (issue #33, docs/perf/memory.md).
import fs from 'node:fs';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

export type MemoryParts = Record<string, number>;

const MiB = 1024 * 1024;

function read(): MemoryParts {
  const usage = process.memoryUsage();
  const parts: MemoryParts = {
    rss: usage.rss / MiB,
    heapTotal: usage.heapTotal / MiB,
    heapUsed: usage.heapUsed / MiB,
    external: usage.external / MiB,
    arrayBuffers: usage.arrayBuffers / MiB,
  };
  for (const space of v8.getHeapSpaceStatistics()) {
    parts[`${space.space_name}.size`] = space.space_size / MiB;
    parts[`${space.space_name}.used`] = space.space_used_size / MiB;
  }
  return parts;
}

const file = process.env.MEMORY_PARTS_FILE;
if (file && isMainThread) {
  let peak: MemoryParts | undefined;
  setInterval(() => {
    const now = read();
    if (!peak || now.rss! >= peak.rss!) peak = now;
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ now, peak }));
    fs.renameSync(`${file}.tmp`, file); // whole, for a reader at any moment
  }, 50).unref();
}

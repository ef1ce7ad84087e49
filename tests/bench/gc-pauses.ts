// Preloaded into the server by `TIMELINE=1 node tests/bench/render-cpu.ts` (NODE_OPTIONS=--import, so it
// runs in every thread of the server): appends each garbage-collection pause of 5 ms or
// more to the file GC_PAUSES_FILE names, one JSON line per pause, with the thread and the time since the
// epoch, so that the slow windows of a load run can be set beside them (issue #17).
import fs from 'node:fs';
import { PerformanceObserver, constants, performance, type PerformanceEntry } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';

export type GcPause = { thread: number; at: number; ms: number; kind: string };

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

const file = process.env.GC_PAUSES_FILE;
if (file) {
  const pending: string[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration < 5) continue;
      const kind = KINDS[(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      pending.push(JSON.stringify({ thread: threadId, at: performance.timeOrigin + e.startTime, ms: e.duration, kind } satisfies GcPause));
    }
  }).observe({ entryTypes: ['gc'] });
  const flush = () => {
    if (pending.length) fs.appendFileSync(file, pending.splice(0).join('\n') + '\n');
  };
  setInterval(flush, 200).unref();
  process.on('exit', flush);
}

// `node --import ./tests/bench/statement-timing.ts <script> …`: times every SQLite statement the script runs
// (native step only, no driver or ORM work) and prints, at exit, count, mean and percentiles per statement
// text (issue #17: a statement inside a render took 3–8 times its time asked alone, see docs/perf/serving-speed-history.md).
// E.g. `DATABASE_PATH=… DATA_DIR=… node --import ./tests/bench/statement-timing.ts tests/bench/render-micro.ts`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Statement = { source: string };
const dbPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/package.json');
const Database = createRequire(dbPackage)('better-sqlite3') as new (file: string) => { prepare(sql: string): object };
const proto = Object.getPrototypeOf(new Database(':memory:').prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
const times = new Map<string, number[]>();
for (const method of ['all', 'get', 'run', 'iterate']) {
  const original = proto[method]!;
  proto[method] = function (this: Statement, ...args: unknown[]) {
    const start = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const us = Number(process.hrtime.bigint() - start) / 1000;
      const list = times.get(this.source) ?? [];
      times.set(this.source, list);
      list.push(us);
    }
  };
}
process.on('exit', () => {
  const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!.toFixed(0);
  for (const [text, xs] of [...times].sort((a, b) => b[1].length - a[1].length).slice(0, Number(process.env.TOP ?? 12))) {
    xs.sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `${xs.length}× mean ${mean.toFixed(0)} µs, p10 ${at(xs, 0.1)}, p50 ${at(xs, 0.5)}, p90 ${at(xs, 0.9)}: ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  }
});

// Writes the benchmark's results: report.json (everything) and report.md, whose first table mirrors
// the goal table of issue #17 (product, vs bare, p99, goal, met?), followed by the details.
import fs from 'node:fs';
import path from 'node:path';
import { ENGINE_NAMES, type BenchEngine } from './engines.ts';
import type { LighthouseOutcome } from './measures.ts';
import type { SearchTimes } from './search.ts';
import type { Measured, ScenarioResult } from './visitors.ts';
import type { WireFile, WireLoad } from './wire.ts';

export type SizeResults = {
  listings: number;
  seedSeconds: number;
  /** Absent when BENCH_PARTS leaves that part out. */
  search?: SearchTimes;
  underWrites?: { quiet: Measured; busy: Measured; ratio: number; writes: number; writeFailures: number };
  /** Lock errors in the server's log: SQLITE_BUSY, or PostgreSQL's deadlocks and serialisation failures. */
  lockErrors: number;
};

export type BenchResults = {
  engine: BenchEngine;
  startedAt: string;
  machine: { cpus: number; model: string; node: string; loadAverage: number[] };
  settings: Record<string, unknown>;
  visitors: {
    scenarios: (ScenarioResult & { group: string })[];
    pages: WireLoad[];
    api: WireFile[];
    /** Cached pages (45 connections) while a crawler asks unique uncached URLs (5 connections): BENCH_PARTS crawl. */
    crawl?: { cached: Measured; crawler: Measured; peakMB: number };
    /** The server's resident memory (MiB) after start and warm-up, and at most during uncached renders. */
    memory?: { afterWarmUpMB: number; rendersPeakMB: number };
  };
  sizes: SizeResults[];
  /** Absent when BENCH_PARTS leaves the upload out. */
  upload?: { fiftyMB: Record<string, number | string>; fiftyMiBStatus: number; fiftyMiBAnswer: string };
  newsletter?: Record<string, number | string>;
  lighthouse?: LighthouseOutcome;
};

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
const yes = (ok: boolean) => (ok ? '✔ yes' : '✘ no');
const range = (xs: number[], digits = 0) =>
  xs.length
    ? Math.min(...xs) === Math.max(...xs)
      ? fmt(xs[0]!, digits)
      : `${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}`
    : '—';

/** The goal rows: path, product, vs bare, p99, server CPU / request, goal, met? */
function goalRows(r: BenchResults): string[][] {
  const group = (g: string) => r.visitors.scenarios.filter((s) => s.group === g);
  const cached = group('cached');
  const cookies = group('cookies');
  const uncached = group('uncached');
  const searched = r.sizes.filter((z): z is SizeResults & { search: SearchTimes } => z.search !== undefined);
  const small = searched[0];
  const large = searched.at(-1);
  const growth = small && large && large !== small ? large.search.afterWriteP50 / small.search.afterWriteP50 : undefined;
  const worst =
    small && large && large !== small
      ? Math.max(
          ...Object.keys(small.search.perQuery).map((q) => large.search.perQuery[q]!.afterWrite / small.search.perQuery[q]!.afterWrite),
        )
      : undefined;
  const admin = r.visitors.pages.find((p) => p.page === '/admin/');
  const publicPages = r.visitors.pages.filter((p) => p.page !== '/admin/');
  const apiCompressed = r.visitors.api.filter((f) => f.encoding !== 'identity').length;
  const cpu = (xs: ScenarioResult[]) =>
    `${range(xs.map((s) => s.product.cpuUsPerRequest))} µs (bare ${range(xs.map((s) => s.bare.cpuUsPerRequest))} µs)`;
  /** One goal row per group of visitor scenarios; `met` gets the worst ratio and the worst p99 (absent when the group was not run). */
  const visitorRow = (label: string, xs: ScenarioResult[], digits: number, goal: string, met: (ratio: number, p99: number) => boolean) =>
    xs.length > 0 && [
      label,
      `${range(xs.map((s) => s.product.rps))} req/s`,
      range(
        xs.map((s) => s.ratio),
        digits,
      ),
      `${range(
        xs.map((s) => s.product.p99),
        1,
      )} ms`,
      cpu(xs),
      goal,
      yes(met(Math.min(...xs.map((s) => s.ratio)), Math.max(...xs.map((s) => s.product.p99)))),
    ];
  const rows: (string[] | false)[] = [
    visitorRow(
      'Cached page (`/`, `/annonces`, `/produit/{id}`, `/en/annonces`)',
      cached,
      2,
      '≥ 0.80, p99 < 25 ms',
      (ratio, p99) => ratio >= 0.8 && p99 < 25,
    ),
    visitorRow('Visitor with cookies (`lang`, `theme`, `_ga`)', cookies, 3, '≥ 0.50', (ratio) => ratio >= 0.5),
    visitorRow(
      'Uncached render (`/annonces?r=<n>`, many `/produit/{id}`)',
      uncached,
      3,
      '≥ 0.02, p99 < 100 ms',
      (ratio, p99) => ratio >= 0.02 && p99 < 100,
    ),
    ...r.sizes.map(
      (s) =>
        !!s.underWrites && [
          `Cached pages while an admin writes every ${r.settings.writePauseMs} ms, ${fmt(s.listings)}`,
          `${fmt(s.underWrites.ratio, 2)} of no-write`,
          '',
          `${fmt(s.underWrites.busy.p99, 1)} ms`,
          `${s.underWrites.busy.cpuUsPerRequest} µs (no-write ${s.underWrites.quiet.cpuUsPerRequest} µs)`,
          '≥ 0.50',
          yes(s.underWrites.ratio >= 0.5),
        ],
    ),
    ...(small
      ? [
          [
            `Search API just after a write, p50, ${fmt(small.listings)}`,
            `${fmt(small.search.afterWriteP50, 1)} ms`,
            '',
            `${fmt(small.search.afterWriteP99, 1)} ms`,
            '',
            '< 10 ms',
            yes(small.search.afterWriteP50 < 10),
          ],
        ]
      : []),
    ...(growth !== undefined
      ? [
          [
            `Search growth ${fmt(small!.listings)} → ${fmt(large!.listings)} (p50 after a write)`,
            `×${fmt(growth, 1)} (${fmt(large!.search.afterWriteP50, 1)} ms; worst query ×${fmt(worst!, 1)})`,
            '',
            `${fmt(large!.search.afterWriteP99, 1)} ms`,
            '',
            '≤ ×3',
            yes(growth <= 3),
          ],
        ]
      : []),
    ...(admin
      ? [
          [
            'Admin text responses compressed',
            `${admin.compressedTextFiles} of ${admin.textFiles} (first load ${kib(admin.bytes)} on the wire)`,
            '',
            '',
            '',
            'all; first load ≤ 160 KB',
            yes(admin.compressedTextFiles === admin.textFiles && admin.bytes <= 160_000),
          ],
        ]
      : []),
    r.visitors.api.length > 0 && [
      'API JSON compressed',
      `${apiCompressed} of ${r.visitors.api.length} (\`limit=100\` list: ${kib(r.visitors.api[0]?.bytes ?? 0)})`,
      '',
      '',
      '',
      'all',
      yes(apiCompressed === r.visitors.api.length),
    ],
    !!r.visitors.crawl && [
      'cached pages while a crawler asks uncached ones (45 + 5 connections)',
      `${fmt(r.visitors.crawl.cached.rps)} req/s (crawler ${fmt(r.visitors.crawl.crawler.rps)} req/s, p99 ${fmt(r.visitors.crawl.crawler.p99, 1)} ms)`,
      '',
      `${fmt(r.visitors.crawl.cached.p99, 1)} ms`,
      '',
      'p99 < 25 ms',
      yes(r.visitors.crawl.cached.p99 < 25 && r.visitors.crawl.cached.errors + r.visitors.crawl.cached.non2xx === 0),
    ],
    !!r.visitors.memory && [
      'server resident memory (VmRSS): after start and warm-up; at most during uncached renders',
      `${fmt(r.visitors.memory.afterWarmUpMB)} MiB; ${fmt(r.visitors.memory.rendersPeakMB)} MiB`,
      '',
      '',
      '',
      '≤ 200 MiB; ≤ 300 MiB',
      yes(r.visitors.memory.afterWarmUpMB <= 200 && r.visitors.memory.rendersPeakMB <= 300),
    ],
    !!r.upload && [
      '50 MB upload, fresh process, RSS growth',
      `+${fmt(Number(r.upload.fiftyMB.deltaMB), 1)} MiB (answered ${r.upload.fiftyMB.status}; 50 MiB answered ${r.upload.fiftyMiBStatus})`,
      '',
      '',
      '',
      '< 30 MB',
      yes(Number(r.upload.fiftyMB.deltaMB) * 1.048576 < 30 && r.upload.fiftyMB.status === 201),
    ],
    publicPages.length > 0 && [
      'Public JS per page (as sent)',
      `${range(
        publicPages.map((p) => p.jsBytes / 1024),
        1,
      )} KiB`,
      '',
      '',
      '',
      '≤ 80 KB',
      yes(Math.max(...publicPages.map((p) => p.jsBytes)) <= 80_000),
    ],
  ];
  return rows.filter((row) => row !== false);
}

const tableLine = (cells: string[]) => `| ${cells.join(' | ')} |`;

function goalTable(r: BenchResults): string[] {
  return [
    '| Path | Product | vs bare | p99 | server CPU / request | Goal | Met? |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...goalRows(r).map(tableLine),
  ];
}

/** One goal table for two runs of the same parts on both engines, matched by path. */
function sideBySide(a: BenchResults, b: BenchResults): string[] {
  const other = new Map(goalRows(b).map((row) => [row[0], row]));
  const [na, nb] = [ENGINE_NAMES[a.engine], ENGINE_NAMES[b.engine]];
  const measured = (row: string[] | undefined) => (row ? row.slice(1, 5) : ['—', '—', '—', '—']);
  return [
    tableLine([
      'Path',
      ...['product', 'vs bare', 'p99', 'CPU / request'].flatMap((c) => [`${na} ${c}`, `${nb} ${c}`]),
      'Goal',
      `Met? (${na} / ${nb})`,
    ]),
    tableLine(Array.from({ length: 11 }, () => '---')),
    ...goalRows(a).map((row) => {
      const [x, y] = [measured(row), measured(other.get(row[0]))];
      return tableLine([row[0]!, ...x.flatMap((cell, i) => [cell, y[i]!]), row[5]!, `${row[6]} / ${other.get(row[0])?.[6] ?? '—'}`]);
    }),
  ];
}

function markdown(r: BenchResults): string {
  const s = r.settings;
  const lines: string[] = [`# Benchmark report (${ENGINE_NAMES[r.engine]})`, ''];
  lines.push(
    `${r.startedAt} · ${r.machine.cpus} CPU (${r.machine.model}) · Node ${r.machine.node} · load average at the end ${r.machine.loadAverage.map((x) => fmt(x, 1)).join(' / ')}`,
    '',
  );
  lines.push(
    `${s.connections} keep-alive connections, \`Accept-Encoding: br, gzip\`, ${s.durationS} s per run, raw-socket load generator in a worker thread (one request in flight per connection). *vs bare*: the product's req/s divided by a bare \`node:http\` process replaying the product's exact answers (status, headers, bytes) in the same run. CPU per request: the server process's user + system time (\`/proc/<pid>/stat\`) over the answers it gave. Uncached renders are measured after 3 s of renders of other pages (a running server is warm). The machine is shared: figures are noisy, compare ratios from one run.`,
    '',
  );
  lines.push('## Goals (issue #17)', '', ...goalTable(r), '');
  lines.push(
    '## Visitors, product against bare',
    '',
    '| scenario | req/s | p50 | p99 | CPU/req | bytes/answer | errors | non-2xx | bare req/s | bare CPU/req | ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const v of r.visitors.scenarios) {
    const p = v.product;
    lines.push(
      `| ${v.name} | ${fmt(p.rps)} | ${fmt(p.p50, 1)} | ${fmt(p.p99, 1)} | ${p.cpuUsPerRequest} µs | ${fmt(p.requests ? p.bytes / p.requests : 0)} | ${p.errors + p.timeouts} | ${p.non2xx} | ${fmt(v.bare.rps)} | ${v.bare.cpuUsPerRequest} µs | ${fmt(v.ratio, 3)} |`,
    );
  }
  lines.push(
    '',
    '## Per catalogue size',
    '',
    '| listings | seeded in | search warm p50 / p99 | after a write p50 / p99 | cached req/s, no writes | with writes | ratio | writes (failed) | lock errors in the log |',
    '| ---: | ---: | --- | --- | ---: | ---: | ---: | --- | ---: |',
  );
  for (const z of r.sizes) {
    const { search: q, underWrites: w } = z;
    const searchCells = q
      ? [`${fmt(q.warmP50, 1)} / ${fmt(q.warmP99, 1)} ms`, `${fmt(q.afterWriteP50, 1)} / ${fmt(q.afterWriteP99, 1)} ms`]
      : ['—', '—'];
    const writeCells = w ? [fmt(w.quiet.rps), fmt(w.busy.rps), fmt(w.ratio, 2), `${w.writes} (${w.writeFailures})`] : ['—', '—', '—', '—'];
    lines.push(`| ${fmt(z.listings)} | ${fmt(z.seedSeconds, 1)} s | ${[...searchCells, ...writeCells].join(' | ')} | ${z.lockErrors} |`);
  }
  const searched = r.sizes.filter((z) => z.search);
  lines.push(
    '',
    '### Search medians per query (ms, warm / after a write)',
    '',
    `| query | ${searched.map((z) => fmt(z.listings)).join(' | ')} |`,
    `| --- | ${searched.map(() => '---:').join(' | ')} |`,
  );
  for (const q of Object.keys(searched[0]?.search?.perQuery ?? {}))
    lines.push(
      `| \`${q}\` | ${searched.map((z) => `${fmt(z.search!.perQuery[q]!.warm, 1)} / ${fmt(z.search!.perQuery[q]!.afterWrite, 1)}`).join(' | ')} |`,
    );
  lines.push(
    '',
    '## Bytes on the wire (first load)',
    '',
    '| page | files | on the wire | JS | text ≥ 1 KB compressed |',
    '| --- | ---: | ---: | ---: | --- |',
  );
  for (const p of r.visitors.pages)
    lines.push(`| ${p.page} | ${p.files.length} | ${kib(p.bytes)} | ${kib(p.jsBytes)} | ${p.compressedTextFiles} of ${p.textFiles} |`);
  lines.push(
    '',
    '| API answer | encoding | bytes |',
    '| --- | --- | ---: |',
    ...r.visitors.api.map((f) => `| \`${f.url}\` | ${f.encoding} | ${fmt(f.bytes)} |`),
    '',
  );
  if (r.upload) {
    const u = r.upload.fiftyMB;
    lines.push(
      '## Upload memory',
      '',
      `A document of exactly 50,000,000 bytes streamed to \`POST /api/products/{id}/documents\` in a freshly started process: answered ${u.status} in ${fmt(Number(u.seconds), 2)} s; RSS ${fmt(Number(u.baselineMB), 1)} MiB before, ${fmt(Number(u.peakMB), 1)} MiB at the peak (+${fmt(Number(u.deltaMB), 1)} MiB), sampled every 10 ms. A file of exactly 50 MiB then answered ${r.upload.fiftyMiBStatus}${r.upload.fiftyMiBStatus === 201 ? '' : ` (${r.upload.fiftyMiBAnswer})`}.`,
      '',
    );
  }
  if (r.newsletter)
    lines.push(
      '## Newsletter',
      '',
      `${fmt(Number(r.newsletter.sent))} of ${fmt(Number(r.newsletter.subscribers))} sent in ${fmt(Number(r.newsletter.seconds), 1)} s (${fmt(Number(r.newsletter.perSecond))}/s), peak RSS ${fmt(Number(r.newsletter.peakMB), 1)} MB.`,
      '',
    );
  if (r.lighthouse) {
    lines.push('## Lighthouse (mobile profile)', '');
    if (r.lighthouse.available)
      lines.push(
        '| page | performance | accessibility | best practices | SEO |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...r.lighthouse.scores.map((x) => `| ${x.page} | ${x.performance} | ${x.accessibility} | ${x.bestPractices} | ${x.seo} |`),
      );
    else lines.push(`Not run: ${r.lighthouse.reason}.`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Writes report.{json,md}, or report-<name>.{json,md} for a run of some parts only (so the full report stays). */
export function writeReport(dir: string, results: BenchResults, name = 'report'): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, `${name}.md`), markdown(results));
  return path.join(dir, `${name}.md`);
}

/** Both engines in one report: the goal tables side by side, then each engine's details. */
export function writeBothReport(dir: string, [a, b]: [BenchResults, BenchResults], name: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify([a, b], null, 2)}\n`);
  const details = (r: BenchResults) => markdown(r).replace(/^#/gm, '##');
  const text = [
    `# Benchmark report, ${ENGINE_NAMES[a.engine]} then ${ENGINE_NAMES[b.engine]}`,
    '',
    'The same parts and settings on each engine, one after the other in one process, each with its own bare replay.',
    '',
    '## Goals (issue #17), side by side',
    '',
    ...sideBySide(a, b),
    '',
    details(a),
    details(b),
  ].join('\n');
  fs.writeFileSync(path.join(dir, `${name}.md`), text);
  return path.join(dir, `${name}.md`);
}

// Writes the benchmark's results: report.json (everything), report.md (tables a person reads) and
// chart.svg (requests per second at the highest concurrency, app against the bare Node server).
import fs from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../load/scenario.ts';
import type { LighthouseOutcome, PageWeight } from './measures.ts';

export type Row = { target: string; connections: number; app: LoadResult[]; bare: LoadResult; bytes: number };

export type BenchResults = {
  startedAt: string;
  machine: { cpus: number; model: string; node: string; memoryGB: number };
  settings: { listings: number; durationS: number; rounds: number; connections: number[]; subscribers: number; writePauseMs: number };
  seedSeconds: number;
  rows: Row[];
  /** A bare server burning a page render's CPU per request, at the highest concurrency. */
  control: LoadResult;
  adminWrites: { writes: number; failures: number; sqliteBusy: number };
  upload: Record<string, number | string>;
  newsletter: Record<string, number | string>;
  pages: PageWeight[];
  lighthouse: LighthouseOutcome;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

export function summarize(row: Row) {
  const rps = median(row.app.map((r) => r.rps));
  return {
    rps,
    p50: median(row.app.map((r) => r.latencyP50)),
    p99: median(row.app.map((r) => r.latencyP99)),
    errors: row.app.reduce((s, r) => s + r.errors, 0),
    timeouts: row.app.reduce((s, r) => s + r.timeouts, 0),
    non2xx: row.app.reduce((s, r) => s + r.non2xx, 0),
    requests: row.app.reduce((s, r) => s + r.requests, 0),
    ratio: rps / row.bare.rps,
    serverP50: row.app[0]?.serverP50 === undefined ? undefined : median(row.app.map((r) => r.serverP50 ?? 0)),
    serverP99: row.app[0]?.serverP99 === undefined ? undefined : median(row.app.map((r) => r.serverP99 ?? 0)),
  };
}

function markdown(r: BenchResults): string {
  const lines: string[] = [];
  lines.push('# Benchmark report', '');
  lines.push(`${r.startedAt} · ${r.machine.cpus} CPU (${r.machine.model}) · ${fmt(r.machine.memoryGB, 1)} GB · Node ${r.machine.node}`, '');
  lines.push(
    `${fmt(r.settings.listings)} listings (seeded in ${fmt(r.seedSeconds, 1)} s) · ${r.settings.durationS} s per run · ${r.settings.rounds} round(s) at the highest concurrency · an administrator creating a listing every ${fmt(r.settings.writePauseMs)} ms meanwhile · loopback, autocannon in the same machine (it competes for the CPU).`,
    '',
  );
  lines.push('## Throughput and latency', '');
  lines.push(
    'Median over rounds; latencies in ms as the load generator saw them (queueing included). *Server p50/p99*: the time the server spent on each answer, from its `Server-Timing` header (API answers only). *Bare* is a plain `node:http` server answering the same bytes from memory: the ratio is how much of the bare speed the product keeps.',
    '',
  );
  lines.push('| target | conn. | req/s | p50 | p99 | server p50 | server p99 | errors | timeouts | non-2xx | bare req/s | ratio | size |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of r.rows) {
    const s = summarize(row);
    const server = (v: number | undefined) => (v === undefined ? '—' : fmt(v, 1));
    lines.push(`| ${row.target} | ${row.connections} | ${fmt(s.rps)} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${server(s.serverP50)} | ${server(s.serverP99)} | ${s.errors} | ${s.timeouts} | ${s.non2xx} | ${fmt(row.bare.rps)} | ${fmt(s.ratio * 100)} % | ${kb(row.bytes)} |`);
  }
  const total = r.rows.reduce((a, row) => {
    const s = summarize(row);
    return { errors: a.errors + s.errors, timeouts: a.timeouts + s.timeouts, non2xx: a.non2xx + s.non2xx, requests: a.requests + s.requests };
  }, { errors: 0, timeouts: 0, non2xx: 0, requests: 0 });
  lines.push('', `Total: ${fmt(total.requests)} requests, ${total.errors} errors, ${total.timeouts} timeouts, ${total.non2xx} non-2xx.`, '');
  const c = r.control;
  lines.push(
    `Control at ${c.connections} connections: a bare \`node:http\` server in its own process that burns 6 ms of CPU per request (about a page render) before answering 20 KB: ${fmt(c.rps)} req/s, p50 ${fmt(c.latencyP50, 1)} ms, p99 ${fmt(c.latencyP99, 1)} ms, max ${fmt(c.latencyMax, 1)} ms, ${c.timeouts} timeouts. When it shows a tail like the product's pages, that tail comes from a saturated CPU (the load generator and the server share the machine's cores), not from the product's code.`,
    '',
  );
  lines.push('## Administrator writes during the load', '');
  lines.push(`${fmt(r.adminWrites.writes)} listings created while the load ran; ${r.adminWrites.failures} failed; ${r.adminWrites.sqliteBusy} \`SQLITE_BUSY\` in the server log.`, '');
  lines.push('## Upload memory', '');
  const u = r.upload;
  lines.push(`A ${fmt(Number(u.uploadedMB), 1)} MB document streamed to \`POST /api/products/{id}/documents\`: answered ${u.status} in ${fmt(Number(u.seconds), 2)} s; server RSS ${fmt(Number(u.baselineMB), 1)} MB before, ${fmt(Number(u.peakMB), 1)} MB at the peak (+${fmt(Number(u.deltaMB), 1)} MB), sampled from \`/proc/<pid>/status\` every 10 ms.`, '');
  lines.push('## Newsletter throughput', '');
  const n = r.newsletter;
  lines.push(
    `${fmt(Number(n.subscribers))} subscribers, local SMTP server on loopback, no rate limit (\`NEWSLETTER_RATE_PER_SECOND=0\`; production default 20/s): ${n.status}, ${fmt(Number(n.sent))} sent, ${n.failed} failed, ${fmt(Number(n.received))} received, in ${fmt(Number(n.seconds), 1)} s = **${fmt(Number(n.perSecond))} mails/s**; server RSS ${fmt(Number(n.baselineMB), 1)} MB before, peak ${fmt(Number(n.peakMB), 1)} MB.`,
    '',
  );
  lines.push('## JavaScript shipped per page', '');
  lines.push('| page | scripts | JS | JS gzip | HTML gzip |', '| --- | ---: | ---: | ---: | ---: |');
  for (const p of r.pages) lines.push(`| ${p.page}${p.status === 200 ? '' : ` (answered ${p.status})`} | ${p.scripts.length} | ${kb(p.jsBytes)} | ${kb(p.jsGzipBytes)} | ${kb(p.htmlGzipBytes)} |`);
  lines.push('', '## Lighthouse (mobile profile: phone screen, simulated slow 4G and 4x CPU slowdown)', '');
  if (r.lighthouse.available) {
    lines.push('Lighthouse defaults (mobile), Debian Chromium headless.', '', '| page | performance | accessibility | best practices | SEO |', '| --- | ---: | ---: | ---: | ---: |');
    for (const s of r.lighthouse.scores) lines.push(`| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} |`);
  } else {
    lines.push(`Not run: ${r.lighthouse.reason}. The page weights above stand in for it. To include scores: \`npm install --prefix /tmp/lh lighthouse\` then \`LIGHTHOUSE_DIR=/tmp/lh pnpm bench\` (uses /usr/bin/chromium, downloads no browser).`);
  }
  lines.push('', '![requests per second](chart.svg)', '');
  return lines.join('\n');
}

/** Horizontal bars: app and bare req/s per target at the highest concurrency. */
function chart(r: BenchResults): string {
  const top = Math.max(...r.settings.connections);
  const rows = r.rows.filter((row) => row.connections === top);
  const max = Math.max(...rows.flatMap((row) => [summarize(row).rps, row.bare.rps]), 1);
  const width = 760;
  const label = 250;
  const barMax = width - label - 90;
  const rowHeight = 44;
  const height = 50 + rows.length * rowHeight + 20;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<text x="10" y="20" font-size="14" font-weight="bold">Requests per second at ${top} connections (${fmt(r.settings.listings)} listings)</text>`,
    `<rect x="${label}" y="30" width="10" height="10" fill="#1f6f8b"/><text x="${label + 14}" y="39">product</text>`,
    `<rect x="${label + 80}" y="30" width="10" height="10" fill="#c8c8c8"/><text x="${label + 94}" y="39">bare node:http, same bytes</text>`,
  ];
  rows.forEach((row, i) => {
    const y = 50 + i * rowHeight;
    const s = summarize(row);
    const a = (s.rps / max) * barMax;
    const b = (row.bare.rps / max) * barMax;
    parts.push(`<text x="10" y="${y + 16}">${esc(row.target)}</text>`);
    parts.push(`<rect x="${label}" y="${y + 4}" width="${a.toFixed(1)}" height="16" fill="#1f6f8b"/><text x="${(label + a + 4).toFixed(1)}" y="${y + 16}">${fmt(s.rps)}</text>`);
    parts.push(`<rect x="${label}" y="${y + 22}" width="${b.toFixed(1)}" height="12" fill="#c8c8c8"/><text x="${(label + b + 4).toFixed(1)}" y="${y + 33}" fill="#555">${fmt(row.bare.rps)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function writeReport(dir: string, results: BenchResults) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'report.json'), `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'report.md'), markdown(results));
  fs.writeFileSync(path.join(dir, 'chart.svg'), chart(results));
}

// `npm test`: every check. Typecheck, lint and format, the build (incremental), then one vitest run: unit,
// component and integration tests on SQLite and on PostgreSQL, and the browser journeys in Chromium on both.
// Ends with one line "N passed, N failed".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Reporter, startVitest, type TestModule } from 'vitest/node';
import { durationKey, type Durations, durationsFile, readDurations } from '../tests/support/file-order.ts';
import { build } from './build.ts';
import { root, run } from './lib.ts';

const onlyE2e = process.argv.includes('--only') && process.argv.includes('e2e');
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;
/** Named at the end, so the last lines of a CI log say which tests failed, and which passed only on their retry. */
const failures: string[] = [];
const flaky: string[] = [];

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

/** The first line of a failure: what the assertion or the error said, without its stack. */
const firstLine = (message = '') =>
  message
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

/**
 * The given projects, or every one with [], in one vitest run, so that its two workers stay busy from the first
 * file to the last (one run per engine and per kind left a worker idle at the end of each), with the longest files
 * first (tests/support/file-order.ts). One retry, so a journey that loses a race with this shared machine's
 * timers does not sink the run; a test that passes only on its retry is named below as flaky (decision 094).
 * Running vitest directly never retries.
 */
async function runTests(projects: string[]) {
  let modules: readonly TestModule[] = [];
  const collect: Reporter = {
    onTestRunEnd(testModules) {
      modules = testModules;
    },
  };
  const only = projects.length > 0 ? { project: projects } : {};
  await startVitest([], { run: true, watch: false, retry: 1, ...only, reporters: ['default', collect] });
  if (process.exitCode !== undefined && process.exitCode !== 0) failed = true;
  process.exitCode = undefined;
  if (modules.length === 0) {
    totals.failed += 1; // the run broke before it could report
    failures.push(`vitest stopped before running any file (its messages are above)`);
    return;
  }
  const durations: Durations = {};
  for (const module of modules) {
    const file = path.relative(root, module.moduleId);
    const where = `${module.project.name} › ${file}`;
    const tests = [...module.children.allTests()];
    if (module.state() === 'failed' && tests.every((t) => t.result().state !== 'failed')) {
      failures.push(`${where}: ${firstLine(module.errors()[0]?.message)}`); // it broke outside its tests
      totals.failed += 1;
    }
    for (const test of tests) {
      const result = test.result();
      const error = firstLine(result.errors?.[0]?.message);
      if (result.state === 'failed') {
        failures.push(`${where} › ${test.fullName}: ${error}`);
        totals.failed += 1;
      } else if (result.state === 'passed') {
        totals.passed += 1;
        // vitest keeps the errors of earlier attempts on a test that passed on its retry
        if (test.diagnostic()?.flaky) flaky.push(`${where} › ${test.fullName}: ${error}`);
      } else totals.skipped += 1;
    }
    const d = module.diagnostic();
    const spent = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    durations[durationKey(module.project.name, file)] = Math.max(1, Math.round(spent / 1000));
  }
  if (!failed && totals.failed === 0) recordDurations(durations);
}

/**
 * Keeps the files' times for the next run's order (tests/support/file-order.ts), those of the projects that ran
 * replacing theirs, when a file came or went or a time moved by more than a quarter and 5 s: a commit of the
 * record is then worth making, and noise is not.
 */
function recordDurations(ran: Durations) {
  const before = readDurations();
  const projectOf = (key: string) => key.slice(0, key.indexOf(' '));
  const projectsRan = new Set(Object.keys(ran).map(projectOf));
  const now: Durations = { ...Object.fromEntries(Object.entries(before).filter(([key]) => !projectsRan.has(projectOf(key)))), ...ran };
  const moved = (key: string) => {
    const [a, b] = [before[key], now[key]];
    return a === undefined || b === undefined || Math.abs(a - b) > Math.max(5, a / 4);
  };
  const keys = Object.keys(now).sort();
  if (keys.length === Object.keys(before).length && !keys.some(moved)) return;
  fs.writeFileSync(durationsFile, `${JSON.stringify(Object.fromEntries(keys.map((k) => [k, now[k]])), null, 2)}\n`);
  console.log(`› the files' times for the next run's order: ${path.relative(root, durationsFile)}`);
}

// Static checks first: types in every package, the one lint configuration and the formatting (`npm run format` mends it).
if (!onlyE2e) {
  for (const [label, cmd, args] of [
    ['typecheck', 'pnpm', ['-r', '--parallel', 'typecheck']],
    ['lint', 'pnpm', ['exec', 'eslint', '.']],
    ['format', 'pnpm', ['exec', 'prettier', '--check', '--log-level=warn', '.']],
  ] as const) {
    const started = Date.now();
    const code = await run(cmd, [...args]);
    console.log(`› ${label}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds(started)})`);
    if (code !== 0) {
      failed = true;
      failures.push(`${label}: exited with ${code} (its messages are above)`);
    }
  }
}

// Integration tests serve the built site and admin too, so the build comes first.
// The journeys launch the Chromium found here ($CHROMIUM_PATH when set); its messages go to stderr.
try {
  process.env.CHROMIUM_PATH = execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
} catch {
  process.exit(1); // the script said what to install
}
let started = Date.now();
await build();
console.log(`› build: ${seconds(started)}`);
// One run of every project in vitest.config.ts: the unit and component tests, the integration tests on SQLite and,
// with every server on a fresh database of a throwaway cluster (scripts/ensure-postgres.sh installs Debian's
// package as root), the data layer and the integration tests on PostgreSQL, and the browser journeys on both.
// No list of projects here, so none can be left out of the gate. `--only e2e`: the journeys.
started = Date.now();
await runTests(onlyE2e ? ['e2e', 'e2e-pg'] : []);
console.log(`› tests: ${seconds(started)}`);

if (flaky.length > 0) console.log(`\nPassed only on a retry (flaky, to fix):\n${flaky.map((line) => `  ~ ${line}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${flaky.length ? ` (${flaky.length} after a retry)` : ''}${failed && totals.failed === 0 ? ' (static checks failed)' : ''}`,
);
process.exit(failed || totals.failed > 0 ? 1 : 0);

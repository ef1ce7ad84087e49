// `npm test`: every check. Typecheck and lint, the build (incremental), unit, component and
// integration tests on SQLite, then on PostgreSQL, then the browser journeys in Chromium. Ends with one line "N passed, N failed".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build.ts';
import { root, run } from './lib.ts';

const onlyE2e = process.argv.includes('--only') && process.argv.includes('e2e');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-vitest-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;
/** Named at the end, so the last lines of a CI log say which tests failed, and which passed only on their retry. */
const failures: string[] = [];
const flaky: string[] = [];

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    message: string;
    status: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** The first line of a failure: what the assertion or the error said, without its stack. */
const firstLine = (message = '') =>
  message
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

async function vitest(label: string, projects: string[]) {
  const outputFile = path.join(reportDir, `${label}.json`);
  // One retry, so a journey that loses a race with this shared machine's timers does not sink the run; a test
  // that passes only on its retry is named below as flaky (decision 094). Running vitest directly never retries.
  const args = [
    'exec',
    'vitest',
    'run',
    '--retry=1',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const code = await run('pnpm', args);
  if (code !== 0) failed = true;
  if (fs.existsSync(outputFile)) {
    const report = JSON.parse(fs.readFileSync(outputFile, 'utf8')) as Report;
    for (const file of report.testResults) {
      const where = `${label} › ${path.relative(root, file.name)}`;
      if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'))
        failures.push(`${where}: ${firstLine(file.message)}`);
      for (const t of file.assertionResults) {
        // vitest keeps the errors of earlier attempts on a test that passed on its retry
        if (t.status === 'failed') failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
        else if (t.status === 'passed' && t.failureMessages.length > 0)
          flaky.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
      }
    }
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } else if (code !== 0) {
    totals.failed += 1; // the run broke before it could report
    failures.push(`${label}: vitest exited with ${code} before writing its report`);
  }
}

// Static checks first: types in every package, the one lint configuration and the formatting (`npm run format` mends it).
if (!onlyE2e) {
  for (const [label, cmd, args] of [
    ['typecheck', 'pnpm', ['-r', '--parallel', 'typecheck']],
    ['lint', 'pnpm', ['exec', 'eslint', '.']],
    ['format', 'pnpm', ['exec', 'prettier', '--check', '--log-level=warn', '.']],
  ] as const) {
    const code = await run(cmd, [...args]);
    console.log(`› ${label}: ${code === 0 ? 'ok' : 'FAILED'}`);
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
await build();
if (!onlyE2e) await vitest('unit-integration', ['domain', 'db', 'api', 'demo', 'components', 'integration']);
// The data layer again on PostgreSQL: its own tests, then the integration tests with every server on a
// fresh database of a throwaway cluster (scripts/ensure-postgres.sh installs Debian's package as root).
if (!onlyE2e) await vitest('postgresql', ['postgres', 'integration-pg']);
await vitest('e2e', ['e2e']);
await vitest('e2e-postgresql', ['e2e-pg']);

if (flaky.length > 0) console.log(`\nPassed only on a retry (flaky, to fix):\n${flaky.map((line) => `  ~ ${line}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${flaky.length ? ` (${flaky.length} after a retry)` : ''}${failed && totals.failed === 0 ? ' (static checks failed)' : ''}`,
);
process.exit(failed || totals.failed > 0 ? 1 : 0);

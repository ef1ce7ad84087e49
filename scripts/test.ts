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

async function vitest(label: string, projects: string[]) {
  const outputFile = path.join(reportDir, `${label}.json`);
  const args = ['exec', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  const code = await run('pnpm', args);
  if (code !== 0) failed = true;
  if (fs.existsSync(outputFile)) {
    const report = JSON.parse(fs.readFileSync(outputFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } else if (code !== 0) {
    totals.failed += 1; // the run broke before it could report
  }
}

// Static checks first: types in every package and the one lint configuration.
if (!onlyE2e) {
  for (const [label, cmd, args] of [
    ['typecheck', 'pnpm', ['-r', '--parallel', 'typecheck']],
    ['lint', 'pnpm', ['exec', 'eslint', '.']],
  ] as const) {
    const code = await run(cmd, [...args]);
    console.log(`› ${label}: ${code === 0 ? 'ok' : 'FAILED'}`);
    if (code !== 0) failed = true;
  }
}

// Integration tests serve the built site and admin too, so the build comes first.
// The journeys launch the Chromium found here ($CHROMIUM_PATH when set); its messages go to stderr.
try {
  process.env.CHROMIUM_PATH = execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
} catch {
  process.exit(1); // the script said what to install
}
await build();
if (!onlyE2e) await vitest('unit-integration', ['domain', 'db', 'api', 'components', 'integration']);
// The data layer again on PostgreSQL: its own tests, then the integration tests with every server on a
// fresh database of a throwaway cluster (scripts/ensure-postgres.sh installs Debian's package as root).
if (!onlyE2e) await vitest('postgresql', ['postgres', 'integration-pg']);
await vitest('e2e', ['e2e']);
await vitest('e2e-postgresql', ['e2e-pg']);

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${failed && totals.failed === 0 ? ' (static checks failed)' : ''}`);
process.exit(failed || totals.failed > 0 ? 1 : 0);

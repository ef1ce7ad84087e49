// `npm run test:quick`: the inner loop while changing code, in about two minutes on a quiet 2-core
// machine. For the change not yet committed (or since `--since <ref>`): types of every TypeScript
// package (incremental: a repeat checks only what changed; `astro check` only when site/ changed),
// lint and format of the changed files, every unit and component test, and the integration tests on
// SQLite that the change touches: changed test files and those importing a changed module (vitest
// --changed), plus any test paths given as arguments. `npm test` stays the gate before pushing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from './build.ts';
import { root, run } from './lib.ts';

const args = process.argv.slice(2);
const sinceAt = args.indexOf('--since');
const since = sinceAt >= 0 ? args.splice(sinceAt, 2)[1]! : 'HEAD';
const named = args.filter((a) => !a.startsWith('-'));

const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])].filter((f) =>
  fs.existsSync(path.join(root, f)),
);
console.log(`› ${changed.length} changed file(s) since ${since}`);

const steps: [string, () => Promise<number>][] = [];
const tscPackages = ['domain', 'db', 'api', 'demo', 'admin-pwa', 'tests'];
steps.push([
  'typecheck',
  async () => {
    const codes = await Promise.all(
      tscPackages.map((pkg) =>
        run('pnpm', [
          'exec',
          'tsc',
          '--noEmit',
          '-p',
          pkg,
          '--incremental',
          '--tsBuildInfoFile',
          path.join(root, 'node_modules/.cache/tsc', `${pkg}.tsbuildinfo`),
        ]),
      ),
    );
    if (changed.some((f) => f.startsWith('site/') || f.startsWith('domain/')))
      codes.push(await run('pnpm', ['--filter', './site', 'typecheck']));
    return Math.max(...codes);
  },
]);
const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs|astro)$/.test(f));
if (lintable.length > 0)
  steps.push(['lint', () => run('pnpm', ['exec', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint', ...lintable])]);
if (changed.length > 0)
  steps.push(['format', () => run('pnpm', ['exec', 'prettier', '--check', '--log-level=warn', '--ignore-unknown', ...changed])]);
steps.push([
  'unit and components',
  () => run('pnpm', ['exec', 'vitest', 'run', ...['domain', 'db', 'api', 'demo', 'components'].flatMap((p) => ['--project', p])]),
]);
steps.push([
  'integration on SQLite, touched',
  async () => {
    await build(); // incremental: nothing to do when the site and admin did not change
    const select = named.length > 0 ? named : ['--changed', since];
    return run('pnpm', ['exec', 'vitest', 'run', '--project', 'integration', '--passWithNoTests', ...select]);
  },
]);

const results: string[] = [];
let failed = false;
for (const [label, step] of steps) {
  const started = Date.now();
  const code = await step();
  failed ||= code !== 0;
  results.push(`› ${label}: ${code === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
}
console.log(`\n${results.join('\n')}`);
process.exit(failed ? 1 : 0);

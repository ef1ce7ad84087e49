// The admin reads API answers through the typed client (hc<AppType>), never through casts: in a copy
// of the workspace where a route's answer schema renames a field the admin reads, the admin's
// typecheck must fail at the admin's own call site (issue #13, docs/decisions/023).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-typed-client-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

/** The packages the admin's program reads, sources copied; their node_modules keep pnpm's relative links. */
function copyWorkspace() {
  fs.copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  for (const pkg of ['domain', 'db', 'api', 'admin-pwa']) {
    fs.cpSync(path.join(root, pkg), path.join(copy, pkg), {
      recursive: true,
      verbatimSymlinks: true, // '@app/api -> ../../../api' then names the copy
      filter: (from) => !/[/\\](dist|\.vite-temp|\.vite|migrations)$/.test(from),
    });
  }
}

function plant(file: string, from: string, to: string) {
  const target = path.join(copy, file);
  const source = fs.readFileSync(target, 'utf8');
  expect(source).toContain(from); // the plant takes
  fs.writeFileSync(target, source.replaceAll(from, to));
}

const typecheckAdmin = () =>
  promisify(execFile)(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], {
    cwd: path.join(copy, 'admin-pwa'),
  }).then(
    () => ({ code: 0, output: '' }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, output: `${err.stdout}\n${err.stderr}` }),
  );

it("fails the admin's typecheck where it reads a field that a route's answer schema renamed", async () => {
  copyWorkspace();
  // GET /api/products answers ProductListSchema (domain); the listings page reads its `pages`.
  plant('domain/src/products.ts', '  pages: z.number(),\n  page: z.number(),', '  pageCount: z.number(),\n  page: z.number(),');
  // GET /api/auth/session and POST /api/auth/extend answer a shape only the route knows: the admin
  // can see this rename through AppType alone (a cast to a domain type would hide it).
  plant('api/src/routes/auth.ts', '  expiresAt: s.expiresAt.toISOString(),', '  idleExpiresAt: s.expiresAt.toISOString(),');

  const { code, output } = await typecheckAdmin();
  expect(code).not.toBe(0);
  expect(output).toMatch(/^src\/features\/listings\/api\.ts\(\d+,\d+\): error TS\d+: Property 'pages' does not exist on type/m);
  const session = output
    .split('\n')
    .filter((line) => /^src\/lib\/session\.ts\(\d+,\d+\): error TS\d+: Property 'expiresAt' does not exist on type/.test(line));
  expect(session.length).toBeGreaterThan(0); // each read of the session's expiry (start-up, check, extend)
  // A whole `tsc` of the admin's program, CPU-bound: about 77 s alone on a loaded 2-core machine. With the files run
  // side by side (maxWorkers in vitest.config.ts) it shares the cores with other files (it ran out at 180 s with 3 workers).
}, 360_000);

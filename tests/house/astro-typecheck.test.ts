// `.astro` files are type-checked: `npm run typecheck` runs `astro check` in the site package. A copy
// of the site with type errors planted in a page's frontmatter and in its template must fail it,
// naming the file and both mistakes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const site = path.resolve(import.meta.dirname, '../../site');
const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-astro-check-')), 'site');
afterAll(() => fs.rmSync(path.dirname(copy), { recursive: true, force: true }));

it('fails the site typecheck on type errors in an .astro page', async () => {
  fs.cpSync(site, copy, { recursive: true, filter: (from) => !/[/\\](node_modules|dist|\.astro)$/.test(from) });
  fs.symlinkSync(path.join(site, 'node_modules'), path.join(copy, 'node_modules'));
  const page = path.join(copy, 'src/views/NotFound.astro');
  const source = fs.readFileSync(page, 'utf8');
  const planted = source
    .replace(
      'const { t, href } = pageContext(Astro.locals);',
      "const { t, href } = pageContext(Astro.locals);\nconst year: number = 'deux mille';",
    )
    .replace('<h1>{t.notFound.title}</h1>', '<h1>{t.notFound.titel}{year}</h1>');
  expect(planted).toContain('t.notFound.titel'); // both plants took
  expect(planted).toContain("const year: number = 'deux mille';");
  fs.writeFileSync(page, planted);

  const failure = await promisify(execFile)('pnpm', ['run', 'typecheck'], {
    cwd: copy,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  }).then(
    () => undefined,
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  expect(failure?.code).toBe(1);
  const output = stripVTControlCharacters(`${failure?.stdout}\n${failure?.stderr}`);
  expect(output).toMatch(/src\/views\/NotFound\.astro:\d+:\d+ - error ts\(2322\): Type 'string' is not assignable to type 'number'/);
  expect(output).toMatch(/src\/views\/NotFound\.astro:\d+:\d+ - error ts\(\d+\): Property 'titel' does not exist/);
  expect(output).toMatch(/- 2 errors/);
  // A whole `astro check` of the copy, CPU-bound: about 55 s alone on a loaded 2-core machine. With the files run
  // side by side (maxWorkers in vitest.config.ts) it shares the cores with other files (it ran out at 120 s with 3 workers).
}, 360_000);

// The layering is enforced by lint: a planted import across a boundary turns `eslint` red and the
// message names the boundary. Virtual files go through ESLint's API with the real configuration;
// one violation is planted in a temporary copy of the tree and the ESLint command run on it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('layering rules', () => {
  it.each([
    [
      'domain/src/planted.ts',
      "import { openDatabase } from '@app/db';\nexport const x = openDatabase;",
      'domain may import only no other workspace package, not @app/db',
    ],
    ['domain/src/planted.ts', "import { x } from '../../site/src/lib/x.ts';\nexport const y = x;", 'not @app/site'],
    [
      'db/src/planted.ts',
      "import { createApp } from '@app/api';\nexport const x = createApp;",
      'db may import only @app/domain, not @app/api',
    ],
    [
      'api/src/planted.ts',
      "import { x } from '@app/site/lib/x';\nexport const y = x;",
      'api may import only @app/domain, @app/db, not @app/site',
    ],
    // The production API never loads the demo (issue 34, item 7), by name or by path.
    [
      'api/src/planted.ts',
      "import { seedDemoData } from '@app/demo/seed';\nexport const x = seedDemoData;",
      'api may import only @app/domain, @app/db, not @app/demo',
    ],
    [
      'api/src/services/planted.ts',
      "import { makePdf } from '../../../demo/src/seed-assets.ts';\nexport const x = makePdf;",
      'api may import only @app/domain, @app/db, not @app/demo',
    ],
    [
      'db/src/planted.ts',
      "import { demoListings } from '@app/demo/seed-catalogue';\nexport const x = demoListings;",
      'db may import only @app/domain, not @app/demo',
    ],
    // The demo reaches the API through its seeding entry point only.
    [
      'demo/src/planted.ts',
      "import { encodeImage } from '@app/api/services/images';\nexport const x = encodeImage;",
      'demo may import only @app/domain, @app/db, @app/api/seeding, not @app/api',
    ],
    [
      'demo/src/planted.ts',
      "import { createApp } from '@app/api';\nexport const x = createApp;",
      'demo may import only @app/domain, @app/db, @app/api/seeding, not @app/api',
    ],
    [
      'demo/src/planted.ts',
      "import type { Deps } from '../../api/src/context.ts';\nexport type X = Deps;",
      'demo may import only @app/domain, @app/db, @app/api/seeding, not @app/api',
    ],
    [
      'site/src/lib/planted.ts',
      "import { openDatabase } from '@app/db';\nexport const x = openDatabase;",
      'site may import only @app/domain, not @app/db',
    ],
    [
      'site/src/lib/planted.ts',
      "import type { Database } from '@app/db';\nexport type X = Database;",
      'site may import only @app/domain, not @app/db',
    ],
    [
      'site/src/lib/planted.ts',
      "import { x } from '../../../db/src/client.ts';\nexport const y = x;",
      'site may import only @app/domain, not @app/db',
    ],
    [
      'site/src/lib/planted.ts',
      "import { createApp } from '@app/api';\nexport const x = createApp;",
      "Only `import type { AppType } from '@app/api'` is allowed",
    ],
    [
      'site/src/views/Planted.astro',
      "---\nimport { openDatabase } from '@app/db';\nconst db = openDatabase;\n---\n<p>{String(db)}</p>\n",
      'site may import only @app/domain, not @app/db',
    ],
    [
      'site/src/pages/planted.astro',
      "---\nimport { createApp } from '@app/api';\n---\n<p>{String(createApp)}</p>\n",
      "Only `import type { AppType } from '@app/api'` is allowed",
    ],
    [
      'admin-pwa/src/lib/planted.ts',
      "import { createApp } from '@app/api';\nexport const x = createApp;",
      'admin-pwa may import only @app/domain, not @app/api',
    ],
    [
      'admin-pwa/src/lib/planted.tsx',
      "import type { UploadedFile } from '@app/api/services/uploads';\nexport type X = UploadedFile;",
      'admin-pwa may import only @app/domain, not @app/api',
    ],
    // Inside the API: services speak no HTTP (issue 34), whether a value or a type is imported.
    ['api/src/services/planted.ts', "import type { Context } from 'hono';\nexport type C = Context;", 'Not hono'],
    ['api/src/services/planted.ts', "import { getCookie } from 'hono/cookie';\nexport const x = getCookie;", 'Not hono'],
    ['api/src/services/planted.ts', "import { zValidator } from '@hono/zod-validator';\nexport const x = zValidator;", 'Not hono'],
    ['api/src/services/planted.ts', "import { ApiError } from '../http/errors.ts';\nexport const x = ApiError;", 'Not the HTTP layer'],
    [
      'api/src/services/planted.ts',
      "import { idempotency } from '../middleware/idempotency.ts';\nexport const x = idempotency;",
      'Not the HTTP layer',
    ],
    [
      'api/src/services/planted.ts',
      "import { productsRoutes } from '../routes/products.ts';\nexport const x = productsRoutes;",
      'Not the HTTP layer',
    ],
    [
      'api/src/services/sub/planted.ts',
      "import type { Problem } from '../../http/errors.ts';\nexport type P = Problem;",
      'Not the HTTP layer',
    ],
    [
      'api/src/services/planted.ts',
      "import { x } from '@app/site/lib/x';\nexport const y = x;",
      'api may import only @app/domain, @app/db, not @app/site',
    ],
  ])('%s: refuses %j', async (file, code, expected) => {
    const messages = await lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['db/src/planted.ts', "import { PRODUCT_STATUSES } from '@app/domain/products';\nexport const x = PRODUCT_STATUSES;"],
    ['api/src/planted.ts', "import { openDatabase } from '@app/db';\nexport const x = openDatabase;"],
    [
      'api/src/services/planted.ts',
      "import { Refusal } from './refusal.ts';\nimport type { Deps } from '../context.ts';\nexport const x = Refusal;\nexport type D = Deps;",
    ],
    [
      'api/src/http/planted.ts',
      "import type { Context } from 'hono';\nimport { Refusal } from '../services/refusal.ts';\nexport const x = (c: Context) => [c, Refusal];",
    ],
    [
      'api/src/routes/planted.ts',
      "import { Hono } from 'hono';\nimport { respondOnce } from '../http/commit-once.ts';\nexport const x = [Hono, respondOnce];",
    ],
    ['site/src/lib/planted.ts', "import { translate } from '@app/domain/i18n/index';\nexport const x = translate;"],
    ['site/src/views/Planted.astro', "---\nimport { translate } from '@app/domain/i18n/index';\n---\n<p>{String(translate)}</p>\n"],
    ['admin-pwa/src/lib/planted.ts', "import type { AppType } from '@app/api';\nexport type Client = AppType;"],
    [
      'demo/src/planted.ts',
      "import { createProduct, type Deps } from '@app/api/seeding';\nimport { schema } from '@app/db';\nexport const x = [createProduct, schema];\nexport type X = Deps;",
    ],
    ['tests/fixtures/planted.ts', "import { makePdf } from '@app/demo/seed-assets';\nexport const x = makePdf;"],
    ['admin-pwa/src/screens/planted.ts', "import { db } from '../../db/db.ts';\nexport const x = db;"],
    [
      'tests/support/planted.ts',
      "import { createApp } from '@app/api';\nimport { openDatabase } from '@app/db';\nexport const x = [createApp, openDatabase];",
    ],
  ])('%s: allows %j', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('the demo stays out of production', () => {
  it('no package but the tests depends on @app/demo', () => {
    const dependents = fs
      .readdirSync(root)
      .filter((dir) => fs.existsSync(path.join(root, dir, 'package.json')) && dir !== 'node_modules')
      .filter((dir) => {
        const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
        return '@app/demo' in { ...manifest.dependencies, ...manifest.devDependencies };
      });
    expect(dependents).toEqual(['tests']);
  });
});

describe('import cycles', () => {
  /** The no-cycle messages for `code` linted as the file at `file` (the rest of the tree as on disk). */
  async function cycles(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-cycle');
  }
  // catalogue-search.ts imports values from catalogue-facets.ts: importing it back closes a cycle.
  const back = "import { ftsQuery } from './catalogue-search.ts';\nexport const x = ftsQuery;\n";

  it('refuses a value import that closes a cycle', async () => {
    expect(await cycles('api/src/services/catalogue-facets.ts', back)).toHaveLength(1);
  });

  it('allows the same import from a module nothing imports back', async () => {
    expect(await cycles('api/src/services/planted.ts', back)).toEqual([]);
  });
});

describe('npm run lint on a tree with a planted violation', () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-layering-'));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('exits non-zero and names the file, the rule and the boundary', async () => {
    // The lint configuration and its dependencies, plus a site module importing the database package.
    fs.cpSync(path.join(root, 'eslint.config.js'), path.join(copy, 'eslint.config.js'));
    fs.cpSync(path.join(root, 'scripts/lint'), path.join(copy, 'scripts/lint'), { recursive: true });
    fs.cpSync(path.join(root, 'package.json'), path.join(copy, 'package.json'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    fs.mkdirSync(path.join(copy, 'site/src/lib'), { recursive: true });
    fs.writeFileSync(
      path.join(copy, 'site/src/lib/prices.ts'),
      "import { openDatabase } from '@app/db';\nexport const db = openDatabase;\n",
    );

    const run = promisify(execFile)(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.'], { cwd: copy });
    const failure = await run.then(
      () => undefined,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('site/src/lib/prices.ts');
    expect(failure?.stdout).toContain('@typescript-eslint/no-restricted-imports');
    expect(failure?.stdout).toContain('site may import only @app/domain, not @app/db');
  });
});

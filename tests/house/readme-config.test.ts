// The README's configuration table is written by hand: it must name every variable the server parses
// (api/src/env.ts), and name none it does not, so that a new setting cannot ship undocumented.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '@app/api/env';

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
/** Names in the first column: `PORT`, `ADMIN_EMAIL` / `ADMIN_PASSWORD`, `COMPANY_*`. */
const documented = new Set(
  table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1]!)),
);

describe('README configuration table', () => {
  it('documents every variable the server reads', () => {
    expect(ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no variable the server does not read (COMPANY_* aside, read by domain/src/company.ts)', () => {
    expect([...documented].filter((name) => name !== 'COMPANY_*' && !ENV_VARIABLES.includes(name))).toEqual([]);
  });
});

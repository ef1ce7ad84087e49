// Tests wait for the condition, not for a while (issue 35, "no sleeps"): no test file sleeps a fixed time
// with Playwright's waitForTimeout or a bare `new Promise((r) => setTimeout(r, N))`. They poll
// (expect.poll, vi.waitFor), await the event or promise, or move a fake clock instead. A delay of 0
// (one turn of the event loop) is not a sleep. Where the delay itself is the behaviour under test, the
// file is named below with how many such delays it holds, and why.
// And no test is left skipped, pending or focused: a case that applies to one engine or machine only
// is registered there alone (`if (!onPostgres()) it(...)`), so every run reports what it ran.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const roots = ['tests', 'admin-pwa/src', 'api/src', 'db/src', 'demo/src', 'domain/src', 'site/src'];

/** Fixed delays that are the behaviour under test. Keep this list tiny. */
const EXCEPTIONS: Record<string, { count: number; why: string }> = {
  'tests/security/data.test.ts': {
    count: 1,
    why: 'a transaction holds the write lock for 1.5 s: the request must wait that long for it, not fail',
  },
};

/** Matched on the text without its white space: `new Promise((r) => setTimeout(r, N))` and its spellings. */
const SLEEP = /newPromise(?:<\w+>)?\(\(?(\w+)\)?=>(?:void)?setTimeout\(\1,([^)]+)\)\)/g;
const WAIT_FOR_TIMEOUT = /\bwaitForTimeout\(/g;

/** The fixed sleeps in a source text: each as it is written. */
function sleepsIn(source: string): string[] {
  const sleeps = [...source.replace(/\s+/g, '').matchAll(SLEEP)].filter((m) => m[2] !== '0').map((m) => m[0]);
  return [...sleeps, ...[...source.matchAll(WAIT_FOR_TIMEOUT)].map((m) => m[0])];
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const SKIPPED = /\b(?:it|test|describe)\.(?:skip|skipIf|runIf|todo|only)\b/g;

const sourcesOfTests = () => {
  const self = path
    .relative(root, import.meta.filename)
    .split(path.sep)
    .join('/'); // quotes the patterns
  return roots
    .flatMap(testFiles)
    .filter((f) => f !== self)
    .map((file) => ({ file, source: fs.readFileSync(path.join(root, file), 'utf8') }));
};

describe('no skipped, pending or focused tests', () => {
  it('recognises each spelling, and not a name that merely contains one', () => {
    for (const line of ["it.skip('x', () => {})", 'describe.skipIf(cond)(', "test.todo('later')", "it.only('x')", 'describe.runIf(x)(']) {
      expect(line.match(SKIPPED), line).toHaveLength(1);
    }
    expect('const split = items.skipped; edit.skipper()'.match(SKIPPED)).toBeNull();
  });

  it('finds none in any test file', () => {
    const found = Object.fromEntries(
      sourcesOfTests()
        .map(({ file, source }) => [file, source.match(SKIPPED) ?? []] as const)
        .filter(([, hits]) => hits.length),
    );
    expect(found, 'register an engine- or machine-specific case only where it applies').toEqual({});
  });
});

describe('no fixed sleeps in tests', () => {
  it('recognises a sleep however it is spelled, and not a yield of 0 or a timer that does something', () => {
    expect(sleepsIn('await new Promise((r) => setTimeout(r, 50));')).toHaveLength(1);
    expect(sleepsIn('await new Promise<void>((resolve) => setTimeout(resolve, 1_000));')).toHaveLength(1);
    expect(sleepsIn('const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));')).toHaveLength(1);
    expect(sleepsIn('await page.waitForTimeout(20);')).toHaveLength(1);
    expect(sleepsIn('await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));')).toEqual([]);
    expect(sleepsIn('setTimeout(() => controller.abort(), 100);')).toEqual([]);
  });

  it('finds none outside the listed exceptions, and each exception still holds exactly its count', () => {
    const found: Record<string, string[]> = {};
    for (const { file, source } of sourcesOfTests()) {
      const sleeps = sleepsIn(source);
      if (sleeps.length) found[file] = sleeps;
    }
    const unexpected = Object.entries(found).filter(([file, sleeps]) => sleeps.length !== EXCEPTIONS[file]?.count);
    expect(Object.fromEntries(unexpected), 'wait for the condition (expect.poll, vi.waitFor, an event) instead').toEqual({});
    expect(
      Object.keys(EXCEPTIONS).filter((file) => !found[file]),
      'exceptions no longer needed',
    ).toEqual([]);
  });
});

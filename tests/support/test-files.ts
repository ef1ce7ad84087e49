// The workspace's test files and the vitest projects that run them, for the house tests that hold
// which tests run where (tests/house/engine-rule.test.ts, test-runs.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import config from '../../vitest.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type Project = { test: { name: string; include: string[]; exclude?: string[] } };

/** The projects defined inline in vitest.config.ts (the admin's components project is a file of its own). */
export const projects = (config.test!.projects as unknown[]).filter((p): p is Project => typeof p === 'object');

/** Every test file of the workspace, relative to the root. */
export function testFiles(dir = root, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git', 'data'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(full, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(path.relative(root, full));
  }
  return out;
}

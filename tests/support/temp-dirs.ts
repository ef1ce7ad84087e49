// Temporary folders of the test processes (servers' data folders, database dumps), removed when done: a
// full run used to leave about 1,200 of them in /tmp (4 GB). Each is named after the process that made it
// (pm-test-<pid>-XXXXXX) and removed after the last test of the file that made it (a file-level afterAll
// registered by tests/support/temp-dirs-setup.ts, after the file's own hooks have stopped its servers), or
// at exit outside vitest (the benches). One whose
// process died first (a worker killed at a timeout) is removed by the next sweep: when a test process makes
// its first folder, and at the end of each run (tests/support/temp-sweep.ts).
// PM_KEEP_TEST_DATA=1 keeps them all, to read a failed test's database or files afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keepTestData, sweepTestTempDirs } from './temp-sweep.ts';

const made = new Set<string>();
const beforeRemoval: (() => void)[] = [];
let swept = false;

/** A new folder in the system's temporary folder, removed once the test file that made it is done (or this process exits). */
export function testTempDir(prefix: string): string {
  if (!swept) {
    swept = true;
    sweepTestTempDirs();
    process.once('exit', removeTestTempDirs);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-${process.pid}-`));
  made.add(dir);
  return dir;
}

/** Runs fn (synchronously) before the folders are removed: a server still running on one is stopped first. */
export function onBeforeRemoval(fn: () => void) {
  beforeRemoval.push(fn);
}

/** Stops what onBeforeRemoval named, then removes the folders made so far (all of them kept with PM_KEEP_TEST_DATA=1). */
export function removeTestTempDirs() {
  for (const fn of beforeRemoval) fn();
  if (keepTestData()) return;
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  made.clear();
}

// Removes the temporary folders of test processes that are gone (tests/support/temp-dirs.ts), from a test
// process before it makes its first folder and, as a vitest globalSetup of the projects that start
// servers, at the end of the run. Apart from temp-dirs.ts, which registers a hook: a globalSetup may not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** PM_KEEP_TEST_DATA=1 keeps every folder, to read a failed test's database or files afterwards. */
export const keepTestData = () => Boolean(process.env.PM_KEEP_TEST_DATA);

/** testTempDir's names: pm-<what>-<pid>-XXXXXX (mkdtemp's six letters and digits). */
const OURS = /^pm-[a-z]+(?:-[a-z]+)*-(\d+)-[A-Za-z0-9]{6}$/;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
};

/** Removes the folders of test processes that are gone; a running process's folders stay (other runs may share the machine). */
export function sweepTestTempDirs() {
  if (keepTestData()) return;
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    const pid = OURS.exec(name)?.[1];
    if (!pid || alive(Number(pid))) continue;
    try {
      fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
    } catch {
      // Another sweep removing it at the same time: the next one finishes it.
    }
  }
}

export default function setup() {
  return () => sweepTestTempDirs();
}

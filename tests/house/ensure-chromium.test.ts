// scripts/ensure-chromium.sh, which `npm test` runs before the journeys: it honours CHROMIUM_PATH,
// finds a Chromium on PATH, installs Debian's package only as root when none is found (saying so in
// one line), and otherwise prints the command to run. `id` and `apt-get` are fakes on a PATH that
// holds nothing else, so the machine's own Chromium stays out of sight and nothing is installed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/ensure-chromium.sh');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-chromium-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function ensure(name: string, { uid, env = {}, onPath = [] }: { uid: number; env?: Record<string, string>; onPath?: string[] }) {
  const bin = path.join(work, name);
  fs.mkdirSync(bin);
  const write = (file: string, text: string) => fs.writeFileSync(path.join(bin, file), text, { mode: 0o755 });
  write('id', `#!/bin/bash\necho ${uid}\n`);
  // The fake apt-get logs its calls; "installing" chromium puts a chromium next to it.
  write(
    'apt-get',
    `#!/bin/bash\necho "apt-get $*" >> "${bin}/apt.log"\n[ "$1" = install ] && printf '#!/bin/sh\\n' > "${bin}/chromium" && chmod +x "${bin}/chromium"\nexit 0\n`,
  );
  for (const browser of onPath) write(browser, '#!/bin/sh\n');
  const result = await promisify(execFile)('/bin/bash', [script], { env: { PATH: bin, TMPDIR: work, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  const apt = fs.existsSync(path.join(bin, 'apt.log')) ? fs.readFileSync(path.join(bin, 'apt.log'), 'utf8').trim().split('\n') : [];
  return { ...result, bin, apt };
}

it('prints CHROMIUM_PATH when it is an executable, and installs nothing', async () => {
  const browser = path.join(work, 'my-chrome');
  fs.writeFileSync(browser, '#!/bin/sh\n', { mode: 0o755 });
  const run = await ensure('env-set', { uid: 0, env: { CHROMIUM_PATH: browser } });
  expect(run).toMatchObject({ code: 0, stdout: `${browser}\n`, stderr: '', apt: [] });
});

it('refuses a CHROMIUM_PATH that is not an executable, naming it', async () => {
  const run = await ensure('env-wrong', { uid: 0, env: { CHROMIUM_PATH: '/nowhere/chromium' } });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('CHROMIUM_PATH=/nowhere/chromium is not an executable file');
  expect(run.apt).toEqual([]);
});

it('finds a Chromium on PATH under another name', async () => {
  const run = await ensure('on-path', { uid: 0, onPath: ['chromium-browser'] });
  expect(run).toMatchObject({ code: 0, stderr: '', apt: [] });
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium-browser')}\n`);
});

it('without root and without Chromium, prints the command to run and installs nothing', async () => {
  const run = await ensure('not-root', { uid: 1000 });
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain("run 'sudo apt-get install chromium'");
  expect(run.stderr).toContain('or set CHROMIUM_PATH');
  expect(run.apt).toEqual([]);
});

it('as root without Chromium, installs Debian’s package, says so in one line and prints its path', async () => {
  const run = await ensure('root', { uid: 0 });
  expect(run.code).toBe(0);
  expect(run.stderr).toBe("› No Chromium found: installing Debian's chromium package with apt-get (as root)\n");
  expect(run.apt).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core']);
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium')}\n`);
});

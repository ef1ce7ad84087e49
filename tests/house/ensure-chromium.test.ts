// scripts/ensure-chromium.sh, which `npm test` runs before the journeys: it honours CHROMIUM_PATH, prefers
// Debian's chromium-headless-shell, installs it only as root (saying so in one line, updating the package
// lists only when the install needs it), falls back to a Chromium on PATH, and otherwise prints the command
// to run. `id` and `apt-get` are fakes on a PATH that holds nothing else, so the machine's own Chromium stays
// out of sight and nothing is installed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/ensure-chromium.sh');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-chromium-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const INSTALL = 'apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-dejavu-core';
const SAYS_INSTALLING = "› Installing Debian's chromium-headless-shell package with apt-get (as root), for the browser journeys\n";

/**
 * Runs the script with a fake `id` and `apt-get`. The fake apt-get logs its calls; its install puts a
 * chromium-headless-shell next to it, unless `apt` says it fails always or until the lists are updated.
 */
async function ensure(
  name: string,
  {
    uid,
    env = {},
    onPath = [],
    apt = 'works',
  }: { uid: number; env?: Record<string, string>; onPath?: string[]; apt?: 'works' | 'stale-lists' | 'fails' },
) {
  const bin = path.join(work, name);
  fs.mkdirSync(bin);
  const write = (file: string, text: string) => fs.writeFileSync(path.join(bin, file), text, { mode: 0o755 });
  write('id', `#!/bin/bash\necho ${uid}\n`);
  const updated = path.join(bin, 'updated');
  write(
    'apt-get',
    [
      '#!/bin/bash',
      `echo "apt-get $*" >> "${bin}/apt.log"`,
      `[ "$1" = update ] && : > "${updated}" && exit 0`,
      apt === 'fails' ? 'echo "E: Unable to locate package" >&2; exit 100' : '',
      apt === 'stale-lists' ? `[ -e "${updated}" ] || { echo "E: Unable to locate package" >&2; exit 100; }` : '',
      `printf '#!/bin/sh\\n' > "${bin}/chromium-headless-shell" && /bin/chmod +x "${bin}/chromium-headless-shell"`,
      '',
    ].join('\n'),
  );
  for (const browser of onPath) write(browser, '#!/bin/sh\n');
  fs.symlinkSync('/bin/cat', path.join(bin, 'cat')); // shows apt-get's output when it fails
  const result = await promisify(execFile)('/bin/bash', [script], { env: { PATH: bin, TMPDIR: work, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  const calls = fs.existsSync(path.join(bin, 'apt.log')) ? fs.readFileSync(path.join(bin, 'apt.log'), 'utf8').trim().split('\n') : [];
  return { ...result, bin, apt: calls };
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

it('prefers chromium-headless-shell on PATH to the full browser, and installs nothing', async () => {
  const run = await ensure('shell-on-path', { uid: 0, onPath: ['chromium', 'chromium-headless-shell'] });
  expect(run).toMatchObject({ code: 0, stderr: '', apt: [] });
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium-headless-shell')}\n`);
});

it('without root, uses a Chromium found on PATH under another name, and installs nothing', async () => {
  const run = await ensure('on-path', { uid: 1000, onPath: ['chromium-browser'] });
  expect(run).toMatchObject({ code: 0, stderr: '', apt: [] });
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium-browser')}\n`);
});

it('without root and without Chromium, prints the command to run and installs nothing', async () => {
  const run = await ensure('not-root', { uid: 1000 });
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain("run 'sudo apt-get install chromium-headless-shell'");
  expect(run.stderr).toContain('or set CHROMIUM_PATH');
  expect(run.apt).toEqual([]);
});

it('as root, installs Debian’s chromium-headless-shell even beside a full Chromium, says so in one line and prints its path', async () => {
  const run = await ensure('root', { uid: 0, onPath: ['chromium'] });
  expect(run).toMatchObject({ code: 0, stderr: SAYS_INSTALLING, apt: [INSTALL] });
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium-headless-shell')}\n`);
});

it('as root on a machine whose package lists are stale, updates them and installs again', async () => {
  const run = await ensure('stale', { uid: 0, apt: 'stale-lists' });
  expect(run).toMatchObject({ code: 0, stderr: SAYS_INSTALLING, apt: [INSTALL, 'apt-get update -qq', INSTALL] });
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium-headless-shell')}\n`);
});

it('as root when apt-get cannot install it, shows why and falls back to the Chromium on PATH', async () => {
  const run = await ensure('fallback', { uid: 0, apt: 'fails', onPath: ['chromium'] });
  expect(run.code).toBe(0);
  expect(run.stdout).toBe(`${path.join(run.bin, 'chromium')}\n`);
  expect(run.stderr).toContain('E: Unable to locate package');
});

it('as root when apt-get cannot install it and no Chromium is on PATH, fails and says so', async () => {
  const run = await ensure('no-browser', { uid: 0, apt: 'fails' });
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain('✗ apt-get could not install chromium-headless-shell (output above).');
});

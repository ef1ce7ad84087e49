// The server's Node flags (api/src/node-flags.ts) reach every way of starting it. The launchers written in
// TypeScript spread the list itself; the two that cannot import it are checked here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '@app/api/node-flags';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The Node flags of a command that runs the server: what stands between `node` and the server's path. */
function flagsOf(command: string, server: string): string[] {
  const words = command.trim().split(/\s+/);
  const at = words.indexOf(server);
  expect(at, `${server} in ${command}`).toBeGreaterThan(0);
  return words.slice(words.findIndex((w) => /(^|\/)node$/.test(w)) + 1, at);
}

describe('server flags', () => {
  it('are the ones api/package.json starts the server with', () => {
    const start = (JSON.parse(read('api/package.json')) as { scripts: { start: string } }).scripts.start;
    expect(flagsOf(start, 'src/server.ts')).toEqual(SERVER_NODE_FLAGS);
  });

  it('are the ones the systemd unit of docs/operations.md starts the server with', () => {
    const execStart = /^ExecStart=(.*)$/m.exec(read('docs/operations.md'))?.[1];
    expect(execStart).toBeDefined();
    expect(flagsOf(execStart!, 'api/src/server.ts')).toEqual(SERVER_NODE_FLAGS);
  });

  it('are the ones the operations guide tells an operator to run the server with', () => {
    expect(read('docs/operations.md')).toContain(`(\`node ${SERVER_NODE_FLAGS.join(' ')} api/src/server.ts\`)`);
  });

  it('are taken by Node on the command line', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });
});

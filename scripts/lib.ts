// Small helpers for the root commands: run a child process, hash a tree of inputs.
import { spawn, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

const skip = new Set(['node_modules', 'dist', '.astro', 'dev-dist']);

/** A hash of every file under the given paths (names and contents), to know when to rebuild. */
export function hashInputs(paths: string[]): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!skip.has(name)) visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(path.relative(root, p)).update('\0').update(fs.readFileSync(p));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return hash.digest('hex');
}

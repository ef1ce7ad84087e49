// A copy of the database is as private as the database: written under a temporary name in a folder
// only the owner reads, made 0600, then renamed into place (never seen half written).
import fs from 'node:fs';
import path from 'node:path';

/** Runs `write` on a temporary path next to `destination`, then publishes it there; returns the absolute target. */
export async function writePrivateFile(destination: string, write: (partial: string) => Promise<unknown>): Promise<string> {
  const target = path.resolve(destination);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  await write(partial);
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, target);
  return target;
}

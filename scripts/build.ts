// `npm run build`: builds the public site (Astro) and the admin PWA (Vite). Without --force, a part
// is rebuilt only when its sources or the shared domain changed since its last build.
import fs from 'node:fs';
import path from 'node:path';
import { hashInputs, mustRun, root } from './lib.ts';
import { precompressDir } from '../site/precompress.mjs';

const parts = [
  { name: 'site', dir: 'site', output: 'site/dist/server/entry.mjs', command: ['astro', 'build'], precompress: undefined },
  // The admin's files are sent precompressed (br and gzip written here), so its first load stays small.
  { name: 'admin-pwa', dir: 'admin-pwa', output: 'admin-pwa/dist/index.html', command: ['vite', 'build'], precompress: 'admin-pwa/dist' },
];

export async function build({ force = false } = {}): Promise<void> {
  for (const part of parts) {
    const stampFile = path.join(root, part.dir, 'dist/.build-stamp');
    const stamp = hashInputs([part.dir, 'domain/src', 'pnpm-lock.yaml']);
    const upToDate =
      fs.existsSync(path.join(root, part.output)) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp;
    if (upToDate && !force) {
      console.error(`› ${part.name}: up to date`);
      continue;
    }
    console.error(`› Building ${part.name}`);
    await mustRun('pnpm', ['exec', ...part.command], { cwd: path.join(root, part.dir) });
    if (part.precompress) precompressDir(path.join(root, part.precompress));
    fs.writeFileSync(stampFile, stamp);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({ force: process.argv.includes('--force') });
}

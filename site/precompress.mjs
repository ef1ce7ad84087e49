// Build step: writes .br and .gz copies of the browser files so the server sends them compressed
// without compressing on every request (api/src/http/origin.ts serves them with precompressed: true).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** Writes `file.br` and `file.gz` beside every text file of 1 KB or more under `root` (also used for the admin's build). */
export function precompressDir(root) {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const file = path.join(root, entry.name);
    if (entry.isDirectory()) precompressDir(file);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size > 1024) {
      const body = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}

export default function precompress() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir }) => precompressDir(fileURLToPath(dir)),
    },
  };
}

// Build step: writes .br and .gz copies of the browser files so the server sends them compressed
// without compressing on every request (api/src/http/origin.ts serves them with precompressed: true).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;

export default function precompress() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        const walk = (d) => {
          for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
            const file = path.join(d, entry.name);
            if (entry.isDirectory()) walk(file);
            else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size > 1024) {
              const body = fs.readFileSync(file);
              fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
              fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
            }
          }
        };
        walk(root);
      },
    },
  };
}

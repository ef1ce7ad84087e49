// Engine-free: the size of the built admin's files, read from disk; no server.
// The admin's first load stays small: the entry script and every chunk index.html preloads, gzipped,
// under 250 KB (issue 7). Deterministic, so a test rather than a benchmark. Needs the build.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/server.ts';

const dist = path.join(repoRoot, 'admin-pwa/dist');
const BUDGET = 250 * 1024;

describe('admin PWA first-load budget', () => {
  it('ships under 250 KB of compressed JavaScript before the first screen', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/admin\/([^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((f) => gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total, `${files.length} files, ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThan(BUDGET);
  });
});

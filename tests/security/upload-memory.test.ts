// A 50 MiB upload streams to disk: in a freshly started server it adds less than 30 MiB of resident
// memory (VmRSS from /proc, read before and after the upload). `node tests/bench/upload-memory.ts`
// prints the same figures.
import { expect, it } from 'vitest';
import { measureUpload } from '../bench/upload-memory.ts';

const MB = 1024 * 1024;

it.each(['technical', 'listing'] as const)('a 50 MiB %s document adds less than 30 MiB RSS to a fresh server', async (route) => {
  const { before, after } = await measureUpload(50 * MB, route);
  expect(after - before).toBeLessThan(30);
});

// parseMultipart gives each body chunk's memory back as soon as the parser and the file writes are done with
// it (feedParser). Here, under Node's own server, files must still come out byte-identical whatever the
// body's cutting: many parts, a file over many chunks, boundaries split anywhere, bytes that start a
// boundary inside a file; and the parts' digest must not depend on the cutting either.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import type { Storage } from '../services/storage.ts';
import { SNIFF_BYTES } from '../services/uploads.ts';
import { digestMultipart, parseMultipart } from './uploads.ts';

const MB = 1024 * 1024;
const BOUNDARY = 'decoupe-0123456789abcdef';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let dir: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  let n = 0;
  const storage = { tempPath: () => path.join(dir, `${++n}.part`) } as unknown as Storage;
  const app = new Hono<AppEnv>();
  app.post('/parse', async (c) => {
    const { fieldValues, files } = await parseMultipart(c, {
      storage,
      fileFields: ['doc'],
      maxFileBytes: 8 * MB,
      maxFiles: 20,
      tooLargeMessage: 'too large',
      abortOnTooLarge: false,
    });
    const stored = files.map((f) => {
      const bytes = fs.readFileSync(f.tempPath);
      fs.rmSync(f.tempPath);
      return { name: f.originalName, size: f.size, stored: sha256(bytes), head: sha256(f.head), tooLarge: f.tooLarge };
    });
    return c.json({ fields: { ...fieldValues }, files: stored, digest: c.get('bodyDigest') });
  });
  app.post('/digest', async (c) => c.json({ digest: await digestMultipart(c, 64 * MB) }));
  const listener = getRequestListener(app.fetch);
  server = http.createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

type Part = { name: string; filename?: string; bytes: Buffer };

function multipart(parts: Part[]): { body: Buffer; cuts: number[] } {
  const pieces: Buffer[] = [];
  const cuts: number[] = [];
  let at = 0;
  const add = (b: Buffer) => {
    pieces.push(b);
    at += b.length;
  };
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    cuts.push(at + 3, at + 2 + BOUNDARY.length); // inside the delimiter, just before its line end
    add(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    cuts.push(at - 1, at, at + 1); // around the start of the content
    add(part.bytes);
    cuts.push(at - 1, at + 1, at + 4); // the content's last byte alone, then the delimiter's start cut
    add(Buffer.from('\r\n'));
  }
  add(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(pieces), cuts };
}

/**
 * Random content that also holds, here and there, bytes a delimiter starts with (a CR at a chunk's end,
 * "\r\n--" and most of the boundary): the parser keeps those in its look-behind until it knows better.
 */
function content(size: number): Buffer {
  const bytes = randomBytes(size);
  const lures = [`\r\n--${BOUNDARY.slice(0, -1)}x`, '\r\n-', '\r\n', '\r', `\r\n--${BOUNDARY.slice(0, 5)}`];
  for (let i = 0; size > 64 && i < Math.min(200, size / 64); i++) {
    const lure = Buffer.from(lures[i % lures.length]!);
    const at = Math.floor(Math.random() * (size - lure.length));
    lure.copy(bytes, at);
  }
  // A file ending in what may start a delimiter: the look-behind is handed on only when the real one comes.
  if (size >= 3) Buffer.from('\r\n-').copy(bytes, size - 3);
  return bytes;
}

/**
 * Sends the body over a raw socket in the given pieces, each written once the previous one left
 * (with a short wait around the awkward cuts), so the server reads chunks cut about there.
 */
async function send(pathname: string, body: Buffer, cuts: number[]): Promise<{ status: number; json: unknown }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const answer = new Promise<string>((resolve, reject) => {
    const received: Buffer[] = [];
    socket.on('data', (d: Buffer) => received.push(d));
    socket.once('end', () => resolve(Buffer.concat(received).toString())).once('error', reject);
  });
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const sorted = [...new Set(cuts.filter((c) => c > 0 && c < body.length))].sort((a, b) => a - b);
  let from = 0;
  for (const cut of [...sorted, body.length]) {
    // Each piece handed to the kernel, then a turn of the event loop: the server (this process) reads it
    // in that turn's poll phase, before the next piece is written, so the cuts mostly stay cuts.
    await new Promise((resolve) => socket.write(body.subarray(from, cut), resolve));
    await new Promise((resolve) => setImmediate(resolve));
    from = cut;
  }
  const raw = await answer;
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(raw)?.[1]);
  return { status, json: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) };
}

/** Cuts every `step` bytes or so across the whole body, besides the awkward ones. */
const spread = (length: number, step: number) => Array.from({ length: Math.floor(length / step) }, (_, i) => (i + 1) * step + (i % 7));

describe('a multipart body cut anywhere', () => {
  it('stores every file byte-identical, a small one and a large one, with many parts in one request', { timeout: 60_000 }, async () => {
    const sizes = [0, 1, 2, 3, 77, SNIFF_BYTES - 1, SNIFF_BYTES, SNIFF_BYTES + 1, 65_535, 65_536, 65_537, 3 * MB + 17, 1, 5 * MB + 3];
    const parts: Part[] = [{ name: 'title', bytes: Buffer.from('Découpe') }];
    sizes.forEach((size, i) => {
      parts.push({ name: 'doc', filename: `f${i}.bin`, bytes: content(size) });
      if (i === 4) parts.push({ name: 'unknown', filename: 'ignored.bin', bytes: content(200_000) });
      if (i === 8) parts.push({ name: 'note', bytes: Buffer.from('entre deux') });
    });
    const { body, cuts } = multipart(parts);
    const first = await send('/parse', body, [...cuts, ...spread(body.length, 40_000)]);
    expect(first.status).toBe(200);
    const files = parts.filter((p) => p.name === 'doc');
    expect(first.json).toMatchObject({
      fields: { title: ['Découpe'], note: ['entre deux'] },
      files: files.map((p) => ({
        name: p.filename,
        size: p.bytes.length,
        stored: sha256(p.bytes),
        head: sha256(p.bytes.subarray(0, SNIFF_BYTES)),
        tooLarge: false,
      })),
    });

    // The same parts cut otherwise: the same digest, from parseMultipart and from digestMultipart.
    const second = await send('/parse', body, spread(body.length, 1_000_003));
    expect((second.json as { digest: string }).digest).toBe((first.json as { digest: string }).digest);
    const replay = await send('/digest', body, [...cuts, ...spread(body.length, 65_536)]);
    expect(replay.json).toEqual({ digest: (first.json as { digest: string }).digest });
  });

  it('keeps a file of several MiB byte-identical when it comes in pieces of a few bytes to a few KiB', { timeout: 60_000 }, async () => {
    const bytes = content(4 * MB + 5);
    const { body, cuts } = multipart([{ name: 'doc', filename: 'long.bin', bytes }]);
    // Pieces of 1 to ~9000 bytes at first (the look-behind handed on at nearly every chunk), then larger ones.
    const small: number[] = [];
    for (let at = 0; at < 300_000; at += 1 + ((at * 7919) % 9001)) small.push(at);
    const { status, json } = await send('/parse', body, [...cuts, ...small, ...spread(body.length, 100_000)]);
    expect(status).toBe(200);
    expect(json).toMatchObject({ files: [{ name: 'long.bin', size: bytes.length, stored: sha256(bytes) }] });
  });
});

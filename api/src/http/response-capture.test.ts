import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { captureResponse, utf8, type Captured } from './response-capture.ts';

const response = () => {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  return new ServerResponse(req);
};

/** What a renderer writes, as `capture` hands it over. */
function written(write: (res: ServerResponse) => void) {
  return new Promise<Captured>((resolve) => {
    const res = response();
    captureResponse(res, resolve);
    write(res);
  });
}

const page = 'Hélice 12\u202f500\u00a0€ — « neuve »';

describe('captureResponse', () => {
  it('hands over the status, the headers set either way and the body as UTF-8 bytes, without the framing headers', async () => {
    const captured = await written((res) => {
      res.setHeader('cache-control', 'public');
      res.writeHead(404, { 'Content-Type': 'text/html', 'Content-Length': '999' });
      res.write(page.slice(0, 7));
      res.end(page.slice(7));
    });
    expect(captured.status).toBe(404);
    expect(captured.headers).toEqual({ 'cache-control': 'public', 'content-type': 'text/html' });
    expect(Buffer.isBuffer(captured.body)).toBe(true);
    expect(captured.body.toString('utf8')).toBe(page);
  });

  it('reads a string written in another encoding in that encoding', async () => {
    const captured = await written((res) => res.end(Buffer.from(page).toString('base64'), 'base64'));
    expect(captured.body.toString('utf8')).toBe(page);
  });

  it('encodes a page written as one string, or joins one written in pieces, into UTF-8 bytes', async () => {
    const whole = await written((res) => res.end(page));
    const inPieces = await written((res) => {
      res.write(page.slice(0, 3));
      res.write(Buffer.from(page.slice(3, 9)));
      res.end(page.slice(9));
    });
    for (const captured of [whole, inPieces]) expect(Buffer.isBuffer(captured.body) && captured.body.toString('utf8')).toBe(page);
  });
});

describe('utf8', () => {
  // Long enough for the path through UTF-16 (a page), with characters of one, two, three and four bytes.
  const long = `<p>${page} 🚤 moteur</p>`.repeat(400);

  it('gives a long text the bytes Buffer.from gives, in a buffer of its own', () => {
    const bytes = utf8(long);
    expect(bytes.equals(Buffer.from(long, 'utf8'))).toBe(true);
    expect(bytes.toString('utf8') === long).toBe(true);
    expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.byteLength]);
  });

  it('writes a lone surrogate as U+FFFD, as Buffer.from does, short text or long', () => {
    for (const text of ['a\ud800b', `${long}\udc00${long}`]) {
      // Compared as booleans: a failure would print the whole long text.
      expect(utf8(text).toString('utf8') === text.toWellFormed()).toBe(true);
      expect(utf8(text).includes(Buffer.from('\ufffd'))).toBe(true);
    }
  });
});

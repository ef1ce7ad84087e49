import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { captureResponse, captureResponseText, type Captured } from './response-capture.ts';

const response = () => {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  return new ServerResponse(req);
};

/** What a renderer writes, as `capture` hands it over. */
function written<B>(capture: (res: ServerResponse, done: (c: Captured<B>) => void) => void, write: (res: ServerResponse) => void) {
  return new Promise<Captured<B>>((resolve) => {
    const res = response();
    capture(res, resolve);
    write(res);
  });
}

const page = 'Hélice 12\u202f500\u00a0€ — « neuve »';

describe('captureResponse', () => {
  it('hands over the status, the headers set either way and the body as UTF-8 bytes, without the framing headers', async () => {
    const captured = await written(captureResponse, (res) => {
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
    const captured = await written(captureResponse, (res) => res.end(Buffer.from(page).toString('base64'), 'base64'));
    expect(captured.body.toString('utf8')).toBe(page);
  });
});

describe('captureResponseText', () => {
  it('keeps a page written as one string as that string', async () => {
    const captured = await written(captureResponseText, (res) => res.end(page));
    expect(captured.body).toBe(page);
  });

  it('joins a page written in pieces into UTF-8 bytes', async () => {
    const captured = await written(captureResponseText, (res) => {
      res.write(page.slice(0, 3));
      res.write(Buffer.from(page.slice(3, 9)));
      res.end(page.slice(9));
    });
    expect(Buffer.isBuffer(captured.body) && captured.body.toString('utf8')).toBe(page);
  });
});

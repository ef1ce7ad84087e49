// A webhook receiver on loopback for the integration tests and the journeys: records every request and
// answers the next status of `answers` (then 200; 0: never answers), with the body `answer <status>`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, any>;
export type Received = { id: string; headers: http.IncomingHttpHeaders; body: string; json: Json };

export async function receiver(answers: number[] = []) {
  const received: Received[] = [];
  const waiting: { check: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const got = { id: String(req.headers['webhook-id']), headers: req.headers, body, json: JSON.parse(body) as Json };
      received.push(got);
      for (const w of waiting.filter((x) => x.check(got))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(got);
      }
      const status = answers.shift() ?? 200;
      if (status === 0) return; // held: never answered (the sender dies meanwhile)
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  /** The `nth` request (from 1) that `check` accepts, already received or still to come. */
  const next = (check: (r: Received) => boolean, nth = 1): Promise<Received> => {
    const seen = received.filter(check);
    if (seen.length >= nth) return Promise.resolve(seen[nth - 1]!);
    let left = nth - seen.length;
    return new Promise((resolve) => waiting.push({ check: (r) => check(r) && --left === 0, resolve }));
  };
  return { url: `http://127.0.0.1:${port}/hook`, port, received, answers, close, next };
}

// The ratio's baseline, run as its own process (so that its CPU time can be read apart): a bare
// node:http server answering each path with the exact status, headers and bytes the product sent.
// A path it has not recorded gets the recording of its route (`/annonces?r=7` → `/annonces?r={n}`).
import http from 'node:http';

export type Recording = { path: string; status: number; headers: Record<string, string>; body: Buffer };

const recorded = new Map<string, Recording>();
export const routeOf = (url: string) => url.replace(/=\d+/g, '={n}').replace(/\/\d+(?=$|[/?])/g, '/{n}');

// Only when run as the process's entry (the bench forks it): importing routeOf starts nothing.
if (process.argv[1] === import.meta.filename)
  process.once('message', (recordings: Recording[]) => {
    for (const r of recordings) recorded.set(routeOf(r.path), { ...r, body: Buffer.from(r.body) });
    const server = http.createServer((req, res) => {
      const r = recorded.get(routeOf(req.url ?? ''));
      if (!r) return res.writeHead(404).end();
      res.writeHead(r.status, { ...r.headers, 'content-length': r.body.length }).end(r.body);
    });
    server.keepAliveTimeout = 65_000;
    server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));
  });

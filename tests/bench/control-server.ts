// A control for the benchmark, run as its own process: a bare node:http server that spends a fixed
// amount of CPU per request (about what the product spends rendering a page) before answering. It
// shows which latency tail comes from a saturated CPU rather than from the product's code.
import http from 'node:http';

const cpuMs = Number(process.argv[2] ?? 6);
const body = Buffer.alloc(20_000, 0x61);
const server = http.createServer((_req, res) => {
  const end = performance.now() + cpuMs;
  while (performance.now() < end);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));

// The search API's latency as a visitor sees it (one request at a time, keep-alive, br/gzip), warm and
// just after an administrator's write, which is when every facet count must be made again.
import http from 'node:http';
import type { AdminSession } from '../support/auth.ts';
import type { TestServer } from '../support/server.ts';
import { listingWrittenUnderLoad } from '../load/scenario.ts';
import { BROWSER_HEADERS, rawGet } from './visitors.ts';

export const SEARCH_QUERIES = [
  '/api/products',
  '/api/products?sort=price&order=asc',
  '/api/products?sort=price&order=desc&type=generator',
  '/api/products?search=caterpillar&type=generator&condition=used&sort=price&order=asc&limit=12',
  '/api/products?search=volvo%20d13',
  '/api/products?minPrice=10000&maxPrice=50000',
  '/api/products?brand=Volvo%20Penta&sort=power',
  '/api/products?type=marine&condition=new&sort=updated',
];

export type SearchTimes = {
  warmP50: number;
  warmP99: number;
  afterWriteP50: number;
  afterWriteP99: number;
  perQuery: Record<string, { warm: number; afterWrite: number }>;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? 0;
const round = (n: number) => Number(n.toFixed(2));

/** `rounds` times: one new listing, then every query once (after the write), then once more (warm). */
export async function searchTimes(server: TestServer, session: AdminSession, rounds: number): Promise<SearchTimes> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const warm = new Map<string, number[]>(SEARCH_QUERIES.map((q) => [q, []]));
  const after = new Map<string, number[]>(SEARCH_QUERIES.map((q) => [q, []]));
  const timed = async (q: string) => {
    const started = performance.now();
    const res = await rawGet(server.url, q, BROWSER_HEADERS, agent);
    if (res.status !== 200) throw new Error(`${q} answered ${res.status}`);
    return performance.now() - started;
  };
  for (const q of SEARCH_QUERIES) await timed(q);
  try {
    for (let round = 0; round < rounds; round++) {
      const res = await server.api('/products', {
        method: 'POST',
        headers: session.headers,
        json: { ...listingWrittenUnderLoad(round), price: 10_000 + round },
      });
      if (res.status !== 201) throw new Error(`the write answered ${res.status} ${await res.text()}`);
      for (const q of SEARCH_QUERIES) after.get(q)!.push(await timed(q));
      for (const q of SEARCH_QUERIES) warm.get(q)!.push(await timed(q));
    }
  } finally {
    agent.destroy();
  }
  const all = (m: Map<string, number[]>) => [...m.values()].flat();
  return {
    warmP50: round(median(all(warm))),
    warmP99: round(p99(all(warm))),
    afterWriteP50: round(median(all(after))),
    afterWriteP99: round(p99(all(after))),
    perQuery: Object.fromEntries(
      SEARCH_QUERIES.map((q) => [q, { warm: round(median(warm.get(q)!)), afterWrite: round(median(after.get(q)!)) }]),
    ),
  };
}

// The listing query behind GET /products: full-text search (FTS5, accent- and case-insensitive,
// prefix matching), filters, sort, pagination and facet counts for the public filter panel.
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@app/db';
import { toKw } from '@app/domain/power';
import type { ProductList, ProductQuery } from '@app/domain/products';
import type { Deps } from '../context.ts';
import { toProducts } from './catalogue-products.ts';

const p = schema.products;
const priceKeys = schema.priceSortKeys(p.price);

/**
 * Turns what a visitor typed into a safe FTS5 query: only runs of letters and digits survive, each is
 * quoted (so no FTS operator, column filter or quote can be injected) and prefix-matched; all must match.
 */
export function ftsQuery(search: string | undefined): string | null {
  const terms = (search ?? '').normalize('NFC').match(/[\p{L}\p{N}]+/gu)?.slice(0, 12) ?? [];
  // One-letter terms match exactly: a one-letter prefix would scan the whole index (prefix index is 2 and 3).
  return terms.length ? terms.map((t) => (t.length > 1 ? `"${t}"*` : `"${t}"`)).join(' ') : null;
}

/** Filters that narrow the set the facets are counted over (brand, condition and type are the facets). */
function baseConditions(q: ProductQuery): SQL[] {
  const where: SQL[] = [];
  const match = ftsQuery(q.search);
  if (match) where.push(sql`products_fts match ${match}`);
  if (q.category) where.push(eq(p.category, q.category));
  if (q.featured) where.push(eq(p.featured, q.featured === 'true'));
  // A price on request (null or 0) counts as 0: public-site section 5 keeps the minimum at 0 by default.
  // Written without coalesce() so that the price index still applies.
  if (q.minPrice !== undefined || q.maxPrice !== undefined) where.push(priceRange(q.minPrice, q.maxPrice));
  if (q.minPower !== undefined) where.push(gte(p.powerKw, toKw(q.minPower, q.powerUnit)));
  if (q.maxPower !== undefined) where.push(lte(p.powerKw, toKw(q.maxPower, q.powerUnit)));
  return where;
}

/** coalesce(price, 0) between the bounds, written so that the price index still applies. */
function priceRange(min: number | undefined, max: number | undefined): SQL {
  const range = and(min === undefined ? undefined : gte(p.price, min), max === undefined ? undefined : lte(p.price, max))!;
  const onRequestInRange = (min ?? 0) <= 0 && (max ?? 0) >= 0;
  return onRequestInRange ? or(range, isNull(p.price))! : range;
}

function conditions(q: ProductQuery): SQL[] {
  const where = baseConditions(q);
  // Type and condition keep about half the catalogue each: walking the sort's index and skipping rows finds
  // a page sooner than reading them all through their own index and sorting, so `+` hides those indexes.
  const type = sql`+${p.type}`;
  if (q.type) where.push(q.type === 'marine' ? ne(type, 'generator') : eq(type, q.type));
  if (q.condition) where.push(eq(sql`+${p.condition}`, q.condition));
  if (q.brand) where.push(sql`${p.brand} = ${q.brand} collate nocase`);
  return where;
}

type Group = { brand: string; condition: string; kind: string; count: number };
type Facet = { value: string; count: number };

/**
 * The listings of the base set grouped by brand, condition and kind: one grouped query, on the raw columns
 * in the order of products_facets_idx, so SQLite reads that index alone and needs no temporary B-tree.
 */
function countGroups(deps: Deps, q: ProductQuery): Group[] {
  const rows = deps.db.all<{ brand: string; condition: string; type: string; count: number }>(
    sql`select ${p.brand} as brand, ${p.condition} as condition, ${p.type} as type, count(*) as count ${from(q)} ${where(baseConditions(q))} group by ${p.brand}, ${p.condition}, ${p.type}`,
  );
  const merged = new Map<string, Group>();
  for (const r of rows) {
    const kind = r.type === 'generator' ? 'generator' : 'marine';
    const key = `${r.brand}\u0000${r.condition}\u0000${kind}`;
    const g = merged.get(key);
    if (g) g.count += r.count;
    else merged.set(key, { brand: r.brand, condition: r.condition, kind, count: r.count });
  }
  return [...merged.values()];
}

/** The total and the three facets: each facet sums the groups that pass the other two facet filters (so choosing a brand keeps the other brands' counts visible). */
function facetsOf(groups: Group[], q: ProductQuery) {
  const brandOk = (g: Group) => !q.brand || g.brand.toLowerCase() === q.brand.toLowerCase();
  const conditionOk = (g: Group) => !q.condition || g.condition === q.condition;
  const typeOk = (g: Group) => !q.type || (q.type === 'engine' ? g.kind === 'marine' : g.kind === q.type);
  const sum = (filter: (g: Group) => boolean, key: (g: Group) => string): Facet[] => {
    const counts = new Map<string, number>();
    for (const g of groups) if (filter(g)) counts.set(key(g), (counts.get(key(g)) ?? 0) + g.count);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };
  return {
    total: groups.filter((g) => brandOk(g) && conditionOk(g) && typeOk(g)).reduce((n, g) => n + g.count, 0),
    facets: {
      brands: sum((g) => conditionOk(g) && typeOk(g), (g) => g.brand),
      conditions: sum((g) => brandOk(g) && typeOk(g), (g) => g.condition),
      types: sum((g) => brandOk(g) && conditionOk(g), (g) => g.kind),
    },
  };
}

/** The listing table, joined to the full-text index when searching (a join, not a materialised IN list). */
const from = (q: ProductQuery) => (ftsQuery(q.search) ? sql`from products_fts cross join ${p} on ${p.id} = products_fts.rowid` : sql`from ${p}`);
const where = (conditions: SQL[]) => (conditions.length ? sql`where ${and(...conditions)}` : sql``);

function orderBy(q: ProductQuery): SQL[] {
  const dir = q.order ?? (q.sort === 'name' ? 'asc' : q.sort === 'price' ? 'asc' : 'desc');
  const by = dir === 'asc' ? asc : desc;
  switch (q.sort) {
    case 'price':
      // Prices on request last in both orders, with the keys of products_price_asc_idx / _desc_idx.
      return dir === 'asc' ? [asc(priceKeys.onRequest), asc(p.price), asc(p.id)] : [desc(priceKeys.priced), desc(p.price), desc(p.id)];
    case 'name':
      return [by(sql`fold(${q.lang === 'en' ? p.titleEn : p.titleFr})`), by(p.id)];
    case 'power':
      return [by(p.powerKw), by(p.id)];
    case 'updated':
      return [by(p.updatedAt), by(p.id)];
    default:
      return [by(p.createdAt), by(p.id)];
  }
}

const withFold = new WeakSet<object>();
/** fold(text): lower case without accents, so that 'Générateur' sorts before 'Groupe' (SQLite's NOCASE is ASCII-only). */
function registerFold(deps: Deps) {
  const client = deps.db.$client;
  if (withFold.has(client)) return;
  client.function('fold', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : v));
  withFold.add(client);
}

/**
 * The groups of a base set are reused until the database changes: total_changes() moves with this
 * connection's writes, data_version with other connections' commits (a seed, a backup restore). They are
 * keyed by the base filters only, so every brand, condition and type choice over the same set shares one
 * count after a write.
 */
const groupCache = new WeakMap<object, Map<string, { marker: string; groups: Group[] }>>();
function cachedGroups(deps: Deps, q: ProductQuery): Group[] {
  const marker = Object.values(deps.db.get<Record<string, number>>(sql`select total_changes() as t, (select data_version from pragma_data_version) as v`)).join(':');
  let cache = groupCache.get(deps.db.$client);
  if (!cache) groupCache.set(deps.db.$client, (cache = new Map()));
  const key = JSON.stringify([ftsQuery(q.search), q.category, q.featured, q.minPrice, q.maxPrice, q.minPower, q.maxPower, q.powerUnit]);
  const hit = cache.get(key);
  if (hit && hit.marker === marker) return hit.groups;
  const groups = countGroups(deps, q);
  if (cache.size >= 500) cache.delete(cache.keys().next().value!);
  cache.set(key, { marker, groups });
  return groups;
}

export function searchProducts(deps: Deps, q: ProductQuery): ProductList {
  registerFold(deps);
  const { total, facets } = facetsOf(cachedGroups(deps, q), q);
  // Ids first (the sort then carries two columns, not whole rows), then the page's rows.
  const ids = deps.db
    .all<{ id: number }>(sql`select ${p.id} as id ${from(q)} ${where(conditions(q))} order by ${sql.join(orderBy(q), sql`, `)} limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
    .map((r) => r.id);
  const rows = ids.length ? deps.db.select().from(p).where(inArray(p.id, ids)).all() : [];
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const items = toProducts(deps, rows);
  return { items, products: items, total, pages: Math.ceil(total / q.limit), page: q.page, limit: q.limit, facets };
}

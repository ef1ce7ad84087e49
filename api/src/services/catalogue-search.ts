// The listing query behind GET /products: full-text search (FTS5, accent- and case-insensitive,
// prefix matching), filters, sort, pagination and facet counts for the public filter panel.
import { and, eq, gte, isNull, lte, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { keptRows, priceSortKeys, rows as rawRows, tablesOf, type Db, type Tables } from '@app/db';
import { toKw } from '@app/domain/power';
import type { ListingSummaryList } from '@app/domain/catalogue-reader';
import type { ProductList, ProductQuery } from '@app/domain/products';
import type { Deps } from '../context.ts';
import { cardRead, findProductRows, listingSummaries, toProducts, type CardRow } from './catalogue-products.ts';
import { catalogueVersion, catalogueVersionColumn, type Group } from './catalogue-facets.ts';
import type { PageRead } from './page-read.ts';

/**
 * Turns what a visitor typed into a safe FTS5 query: only runs of letters and digits survive, each is
 * quoted (so no FTS operator, column filter or quote can be injected) and prefix-matched; all must match.
 */
export function ftsQuery(search: string | undefined): string | null {
  const terms =
    (search ?? '')
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  // One-letter terms match exactly: a one-letter prefix would scan the whole index (prefix index is 2 and 3).
  return terms.length ? terms.map((t) => (t.length > 1 ? `"${t}"*` : `"${t}"`)).join(' ') : null;
}

/** How a full-text term is read: `join` from the index's matches, `walk` as a filter on rows read in the sort's order (textPlan). */
type TextPlan = 'join' | 'walk';

/** Filters that narrow the set the facets are counted over (brand, condition and type are the facets). */
function baseConditions(deps: Deps, q: ProductQuery, text: TextPlan = 'join'): SQL[] {
  const p = tablesOf(deps.db).products;
  const where: SQL[] = [];
  const match = ftsQuery(q.search);
  if (match) where.push(text === 'walk' ? deps.searchSql.matchFilter(match) : deps.searchSql.match(match));
  if (q.category) where.push(eq(p.category, q.category));
  if (q.featured) where.push(eq(p.featured, q.featured === 'true'));
  // A price on request (null or 0) counts as 0: public-site section 5 keeps the minimum at 0 by default.
  // Written without coalesce() so that the price index still applies.
  if (q.minPrice !== undefined || q.maxPrice !== undefined) where.push(priceRange(p, q.minPrice, q.maxPrice));
  if (q.minPower !== undefined) where.push(gte(p.powerKw, toKw(q.minPower, q.powerUnit)));
  if (q.maxPower !== undefined) where.push(lte(p.powerKw, toKw(q.maxPower, q.powerUnit)));
  return where;
}

/** coalesce(price, 0) between the bounds, written so that the price index still applies. */
function priceRange(p: Tables['products'], min: number | undefined, max: number | undefined): SQL {
  const range = and(min === undefined ? undefined : gte(p.price, min), max === undefined ? undefined : lte(p.price, max))!;
  const onRequestInRange = (min ?? 0) <= 0 && (max ?? 0) >= 0;
  return onRequestInRange ? or(range, isNull(p.price))! : range;
}

function conditions(deps: Deps, q: ProductQuery, text: TextPlan): SQL[] {
  const p = tablesOf(deps.db).products;
  const where = baseConditions(deps, q, text);
  const engine = deps.searchSql;
  // Type and condition keep about half the catalogue each: walking the sort's index and skipping rows finds
  // a page sooner than reading them all through their own index and sorting, so `+` hides those indexes.
  const type = engine.unindexed(p.type);
  if (q.type) where.push(q.type === 'marine' ? ne(type, 'generator') : eq(type, q.type));
  if (q.condition) where.push(eq(engine.unindexed(p.condition), q.condition));
  if (q.brand) where.push(engine.sameText(p.brand, q.brand));
  return where;
}

type Facet = { value: string; count: number };

/**
 * The listings of the base set grouped by brand, condition and kind: one grouped query, on the raw columns
 * in the order of products_facets_idx, so SQLite reads that index alone and needs no temporary B-tree.
 */
async function countGroups(deps: Deps, q: ProductQuery): Promise<Group[]> {
  const p = tablesOf(deps.db).products;
  const rows = await rawRows<{ brand: string; condition: string; type: string; count: number }>(
    deps.db,
    sql`select ${p.brand} as brand, ${p.condition} as condition, ${p.type} as type, count(*) as count ${from(deps, q)} ${where(baseConditions(deps, q))} group by ${p.brand}, ${p.condition}, ${p.type}`,
  );
  const merged = new Map<string, Group>();
  for (const r of rows) {
    const kind = kindOf(r.type);
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
      brands: sum(
        (g) => conditionOk(g) && typeOk(g),
        (g) => g.brand,
      ),
      conditions: sum(
        (g) => brandOk(g) && typeOk(g),
        (g) => g.condition,
      ),
      types: sum(
        (g) => brandOk(g) && conditionOk(g),
        (g) => g.kind,
      ),
    },
  };
}

const from = (deps: Deps, q: ProductQuery, text: TextPlan = 'join') => deps.searchSql.from(text === 'join' ? ftsQuery(q.search) : null);
const where = (conditions: SQL[]) => (conditions.length ? sql`where ${and(...conditions)}` : sql``);

/** The page's sort: each key with its direction (SQL that writes `key asc` or `key desc`). */
type SortKey = [direction: (key: SQLWrapper) => SQL, key: SQLWrapper];

function sortKeys(deps: Deps, q: ProductQuery): SortKey[] {
  const p = tablesOf(deps.db).products;
  const dir = q.order ?? (q.sort === 'name' ? 'asc' : q.sort === 'price' ? 'asc' : 'desc');
  const { asc, desc, folded } = deps.searchSql;
  const by = dir === 'asc' ? asc : desc;
  const each = (direction: SortKey[0], ...keys: SQLWrapper[]): SortKey[] => keys.map((key) => [direction, key]);
  switch (q.sort) {
    case 'price':
      // Prices on request last in both orders, with the keys of products_price_asc_idx / _desc_idx.
      return dir === 'asc'
        ? each(asc, priceSortKeys(p.price).onRequest, p.price, p.id)
        : each(desc, priceSortKeys(p.price).priced, p.price, p.id);
    case 'name':
      return each(by, folded(q.lang === 'en' ? p.titleEn : p.titleFr), p.id);
    case 'power':
      return each(by, p.powerKw, p.id);
    case 'updated':
      return each(by, p.updatedAt, p.id);
    default:
      return each(by, p.createdAt, p.id);
  }
}

const orderBy = (keys: SortKey[]) =>
  sql.join(
    keys.map(([direction, key]) => direction(key)),
    sql`, `,
  );

const kindOf = (type: string) => (type === 'generator' ? 'generator' : 'marine');

/** The groups of the query's base set at catalogue version `version`: every brand, condition and type choice over one set shares them. */
function groupsOf(deps: Deps, q: ProductQuery, version: string): Promise<Group[]> {
  const key = JSON.stringify([ftsQuery(q.search), q.category, q.featured, q.minPrice, q.maxPrice, q.minPower, q.maxPower, q.powerUnit]);
  return deps.facets.groups(key, version, () => countGroups(deps, q));
}

/**
 * A term matching much of the catalogue ('caterpillar': a quarter of it) is cheaper as a filter on rows
 * read in the sort's index order, stopping when the page is full, than as a join that reads and sorts
 * every match; a rare term is the other way round. The facet total (known before the page query) and the
 * catalogue's size tell which: rows walked ≈ rows needed × size ÷ matches, against the matches themselves.
 */
async function textPlan(deps: Deps, q: ProductQuery, total: number): Promise<TextPlan> {
  const p = tablesOf(deps.db).products;
  if (!ftsQuery(q.search) || q.sort === 'name' || total === 0) return 'join';
  const size = (await keptRows<{ n: number | null }>(deps.db, 'catalogue size', () => sql`select max(${p.id}) as n from ${p}`))[0]?.n ?? 0;
  return q.page * q.limit * size <= 2 * total * total ? 'walk' : 'join';
}

/** The search page read as the listings' ids, on this handle's tables. */
const idsRead = (db: Db): PageRead => ({ name: 'ids', columns: sql`${tablesOf(db).products.id} as id` });

/**
 * The page's listings in order, with the total and the facets. Narrow columns only: the sort carries them.
 * Its SQL is built once per read, plan and query (keptRows).
 */
async function searchPage<R>(deps: Deps, q: ProductQuery, read: PageRead) {
  if (!ftsQuery(q.search)) {
    // Without search text the plan needs no total: the page is read first, with the catalogue's version in
    // the same statement (one round trip to PostgreSQL instead of two), and the facets follow from it.
    const marked = await keptRows<R & { catalogueVersion: string | number | null }>(
      deps.db,
      JSON.stringify([read.name, 'join', q, 'marked']),
      () => pageSql(deps, q, 'join', read, catalogueVersionColumn),
    );
    const version = marked.length ? String(marked[0]!.catalogueVersion ?? '0') : await catalogueVersion(deps.db);
    const counted = facetsOf(await groupsOf(deps, q, version), q);
    return pageOf(
      marked.map(({ catalogueVersion: _, ...row }) => row as R),
      counted,
      q,
    );
  }
  const counted = facetsOf(await groupsOf(deps, q, await catalogueVersion(deps.db)), q);
  const text = await textPlan(deps, q, counted.total);
  return pageOf(await keptRows<R>(deps.db, JSON.stringify([read.name, text, q]), () => pageSql(deps, q, text, read)), counted, q);
}

/** A search page's answer: its rows, with the total and facets of its base set. */
const pageOf = <R>(rows: R[], { total, facets }: ReturnType<typeof facetsOf>, q: ProductQuery) => ({
  rows,
  total,
  pages: Math.ceil(total / q.limit),
  page: q.page,
  limit: q.limit,
  facets,
});

/** The SQL of a search page (searchPage), selecting `extra` too when given. */
function pageSql(deps: Deps, q: ProductQuery, text: TextPlan, { columns, around }: PageRead, extra?: SQL): SQL {
  const keys = sortKeys(deps, q);
  const keyColumns = around
    ? sql`, ${sql.join(
        keys.map(([, key], i) => sql`${key} as ${sql.identifier(`k${i}`)}`),
        sql`, `,
      )}`
    : sql``;
  const more = !around && extra ? sql`, ${extra}` : sql``;
  const page = sql`select ${columns}${keyColumns}${more} ${from(deps, q, text)} ${where(conditions(deps, q, text))} order by ${orderBy(keys)} ${deps.searchSql.window(q.limit, (q.page - 1) * q.limit)}`;
  const again = (alias: string) =>
    orderBy(keys.map(([direction], i) => [direction, sql`${sql.identifier(alias)}.${sql.identifier(`k${i}`)}`]));
  return around ? around(page, again, extra) : page;
}

export async function searchProducts(deps: Deps, q: ProductQuery): Promise<ProductList> {
  const { rows: found, ...page } = await searchPage<{ id: number }>(deps, q, idsRead(deps.db));
  const ids = found.map((r) => r.id);
  const rows = await findProductRows(deps.db, ids);
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const items = await toProducts(deps.db, rows);
  return { items, products: items, ...page };
}

/** The same search, each listing read only as far as its card shows it, in the same statement. */
export async function searchListings(deps: Deps, q: ProductQuery): Promise<ListingSummaryList> {
  const { rows, ...page } = await searchPage<CardRow>(deps, q, cardRead(deps.db));
  return { items: listingSummaries(rows), ...page };
}

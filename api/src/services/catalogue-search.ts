// The listing query behind GET /products: full-text search (FTS5, accent- and case-insensitive,
// prefix matching), filters, sort, pagination and facet counts for the public filter panel.
import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { schema } from '@app/db';
import { toKw } from '@app/domain/power';
import type { ProductList, ProductQuery } from '@app/domain/products';
import type { Deps } from '../context.ts';
import { toProducts } from './catalogue-products.ts';

const p = schema.products;

/**
 * Turns what a visitor typed into a safe FTS5 query: only runs of letters and digits survive, each is
 * quoted (so no FTS operator, column filter or quote can be injected) and prefix-matched; all must match.
 */
export function ftsQuery(search: string | undefined): string | null {
  const terms = (search ?? '').normalize('NFC').match(/[\p{L}\p{N}]+/gu)?.slice(0, 12) ?? [];
  return terms.length ? terms.map((t) => `"${t}"*`).join(' ') : null;
}

type Filter = 'brand' | 'condition' | 'type';

function conditions(q: ProductQuery, except?: Filter): SQL[] {
  const where: SQL[] = [];
  const match = ftsQuery(q.search);
  if (match) where.push(sql`${p.id} in (select rowid from products_fts where products_fts match ${match})`);
  if (q.category) where.push(eq(p.category, q.category));
  if (q.featured) where.push(eq(p.featured, q.featured === 'true'));
  if (q.type && except !== 'type') where.push(q.type === 'marine' ? ne(p.type, 'generator') : eq(p.type, q.type));
  if (q.condition && except !== 'condition') where.push(eq(p.condition, q.condition));
  if (q.brand && except !== 'brand') where.push(sql`${p.brand} = ${q.brand} collate nocase`);
  // A price on request (null or 0) counts as 0: public-site section 5 keeps the minimum at 0 by default.
  if (q.minPrice !== undefined) where.push(gte(sql`coalesce(${p.price}, 0)`, q.minPrice));
  if (q.maxPrice !== undefined) where.push(lte(sql`coalesce(${p.price}, 0)`, q.maxPrice));
  if (q.minPower !== undefined) where.push(gte(p.powerKw, toKw(q.minPower, q.powerUnit)));
  if (q.maxPower !== undefined) where.push(lte(p.powerKw, toKw(q.maxPower, q.powerUnit)));
  return where;
}

function orderBy(q: ProductQuery): SQL[] {
  const dir = q.order ?? (q.sort === 'name' ? 'asc' : q.sort === 'price' ? 'asc' : 'desc');
  const by = dir === 'asc' ? asc : desc;
  switch (q.sort) {
    case 'price':
      // Prices on request last in both orders.
      return [asc(sql`(${p.price} is null or ${p.price} <= 0)`), by(p.price), by(p.id)];
    case 'name':
      return [by(sql`fold(${q.lang === 'en' ? p.titleEn : p.titleFr})`), by(p.id)];
    case 'power':
      return [by(p.powerKw), by(p.id)];
    default:
      return [by(p.createdAt), by(p.id)];
  }
}

function facet(deps: Deps, column: SQL, where: SQL[]) {
  return deps.db
    .select({ value: sql<string>`${column}`, count: sql<number>`count(*)` })
    .from(p)
    .where(and(...where))
    .groupBy(column)
    .orderBy(desc(sql`count(*)`), asc(column))
    .all();
}

const withFold = new WeakSet<object>();
/** fold(text): lower case without accents, so that 'Générateur' sorts before 'Groupe' (SQLite's NOCASE is ASCII-only). */
function registerFold(deps: Deps) {
  const client = deps.db.$client;
  if (withFold.has(client)) return;
  client.function('fold', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : v));
  withFold.add(client);
}

export function searchProducts(deps: Deps, q: ProductQuery): ProductList {
  const { db } = deps;
  registerFold(deps);
  const where = conditions(q);
  const total = db.select({ n: sql<number>`count(*)` }).from(p).where(and(...where)).get()?.n ?? 0;
  const rows = db
    .select()
    .from(p)
    .where(and(...where))
    .orderBy(...orderBy(q))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .all();
  const items = toProducts(deps, rows);
  const typeColumn = sql`case when ${p.type} = 'generator' then 'generator' else 'marine' end`;
  return {
    items,
    products: items,
    total,
    pages: Math.ceil(total / q.limit),
    page: q.page,
    limit: q.limit,
    facets: {
      brands: facet(deps, sql`${p.brand}`, conditions(q, 'brand')),
      conditions: facet(deps, sql`${p.condition}`, conditions(q, 'condition')),
      types: facet(deps, typeColumn, conditions(q, 'type')),
    },
  };
}

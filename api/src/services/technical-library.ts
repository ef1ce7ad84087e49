// The technical library's queries: paged lists (admin and public), statistics, and the rows with
// the listing each document may belong to; a document added, published from a listing's, edited, deleted.
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { dialectOf, tablesOf, type schema, type Queryable, first } from '@app/db';
import { TECHNICAL_DOCUMENT_TYPES, TECHNICAL_MESSAGES, type TechnicalDocument, type TechnicalDocumentQuery } from '@app/domain/documents';
import type { Deps } from '../context.ts';
import { toTechnicalDocument } from './catalogue-documents.ts';
import type { AfterCommit } from './idempotency.ts';
import { Refusal } from './refusal.ts';

function where(deps: Deps, q: { search?: string; type?: string }): SQL | undefined {
  const t = tablesOf(deps.db).technicalDocuments;
  const engine = deps.db.$engine;
  const parts: SQL[] = [];
  if (q.type) parts.push(eq(t.type, q.type));
  if (q.search) {
    const fields = [t.title, t.titleFr, t.titleEn, t.descriptionFr, t.descriptionEn];
    parts.push(or(...fields.map((f) => dialectOf(engine).contains(f, q.search!)))!);
  }
  return parts.length ? and(...parts) : undefined;
}

function select(q: Queryable) {
  const { technicalDocuments: t, products: p } = tablesOf(q);
  return q.select({ doc: t, productTitleFr: p.titleFr, productTitleEn: p.titleEn }).from(t).leftJoin(p, eq(t.productId, p.id));
}

type Joined = { doc: typeof schema.technicalDocuments.$inferSelect; productTitleFr: string | null; productTitleEn: string | null };
const toDocument = (r: Joined): TechnicalDocument =>
  toTechnicalDocument(
    r.doc,
    r.doc.productId && r.productTitleFr !== null
      ? { id: r.doc.productId, titleFr: r.productTitleFr, titleEn: r.productTitleEn ?? '' }
      : null,
  );

export async function listTechnicalDocuments(
  deps: Deps,
  q: Pick<TechnicalDocumentQuery, 'page' | 'limit' | 'search' | 'type'> & Partial<Pick<TechnicalDocumentQuery, 'sortBy' | 'sortOrder'>>,
) {
  const t = tablesOf(deps.db).technicalDocuments;
  const filter = where(deps, q);
  const totalDocuments =
    (
      await first(
        deps.db
          .select({ n: sql<number>`count(*)` })
          .from(t)
          .where(filter),
      )
    )?.n ?? 0;
  const by = q.sortOrder === 'ASC' ? asc : desc;
  const column =
    q.sortBy === 'title' ? dialectOf(deps.db.$engine).caseless(t.title) : q.sortBy === 'downloadCount' ? t.downloadCount : t.createdAt;
  const rows = await select(deps.db)
    .where(filter)
    .orderBy(by(column), by(t.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    documents: rows.map(toDocument),
    pagination: { currentPage: q.page, totalPages: Math.ceil(totalDocuments / q.limit), totalDocuments, limit: q.limit },
  };
}

export async function getTechnicalDocument(q: Queryable, id: number): Promise<TechnicalDocument | undefined> {
  const t = tablesOf(q).technicalDocuments;
  const row = await first(select(q).where(eq(t.id, id)));
  return row && toDocument(row);
}

export async function technicalStats(deps: Deps) {
  const t = tablesOf(deps.db).technicalDocuments;
  const totals = await first(
    deps.db.select({ n: sql<number>`count(*)`, downloads: sql<number>`coalesce(sum(${t.downloadCount}), 0)` }).from(t),
  );
  const byType = await deps.db
    .select({ type: t.type, count: sql<number>`count(*)` })
    .from(t)
    .groupBy(t.type)
    .orderBy(t.type);
  return { totalDocuments: totals?.n ?? 0, totalDownloads: totals?.downloads ?? 0, documentsByType: byType };
}

type TechnicalDocumentRow = typeof schema.technicalDocuments.$inferSelect;

/** The stored document; not-found when there is none. */
export async function findTechnicalDocumentRow(deps: Deps, id: number): Promise<TechnicalDocumentRow> {
  const t = tablesOf(deps.db).technicalDocuments;
  const row = await first(deps.db.select().from(t).where(eq(t.id, id)));
  if (!row) throw new Refusal('not-found', TECHNICAL_MESSAGES.notFound);
  return row;
}

/** A listing's document to publish into the library, with the library's type for it (none: not accepted there). */
export async function publishableDocument(deps: Deps, productDocumentId: number) {
  const tables = tablesOf(deps.db);
  const source = await first(deps.db.select().from(tables.productDocuments).where(eq(tables.productDocuments.id, productDocumentId)));
  if (!source) throw new Refusal('not-found', TECHNICAL_MESSAGES.notFound);
  return { source, kind: TECHNICAL_DOCUMENT_TYPES[source.mimeType] };
}

/** Adds a document whose file is stored; answers it with its listing. */
export async function addTechnicalDocument(
  q: Queryable,
  values: typeof schema.technicalDocuments.$inferInsert,
): Promise<TechnicalDocument> {
  const t = tablesOf(q).technicalDocuments;
  const row = (await q.insert(t).values(values).returning())[0]!;
  return (await getTechnicalDocument(q, row.id))!;
}

export async function updateTechnicalDocument(deps: Deps, id: number, changes: Partial<typeof schema.technicalDocuments.$inferInsert>) {
  const t = tablesOf(deps.db).technicalDocuments;
  await deps.db
    .update(t)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(t.id, id));
}

/** Deletes the document's row; its file goes once that commits. */
export async function deleteTechnicalDocument(deps: Deps, q: Queryable, row: TechnicalDocumentRow, afterCommit: AfterCommit) {
  const t = tablesOf(q).technicalDocuments;
  await q.delete(t).where(eq(t.id, row.id));
  afterCommit(() => deps.storage.removeDocument(row.storageKey));
}

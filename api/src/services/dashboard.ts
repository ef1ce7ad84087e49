// The dashboard's three counters: listings, contact messages and technical documents.
import { sql } from 'drizzle-orm';
import { row, type Db } from '@app/db';

export async function dashboardCounts(db: Db): Promise<{ products: number; messages: number; documents: number }> {
  const counts = (await row<{ products: number; messages: number; documents: number }>(
    db,
    sql`select (select count(*) from products) as products, (select count(*) from inquiries) as messages,
                 (select count(*) from technical_documents) as documents`,
  ))!;
  return { products: Number(counts.products), messages: Number(counts.messages), documents: Number(counts.documents) };
}

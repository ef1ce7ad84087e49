// GET /api/stats: the dashboard's three counters (listings, messages, technical documents).
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { row } from '@app/db';
import type { AppEnv, Deps } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { doc } from '../http/openapi-meta.ts';
import { z } from 'zod';

export const statsRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get(
    '/stats',
    doc({
      summary: 'Dashboard counts: listings, messages, documents',
      responses: { 200: z.object({ products: z.number(), messages: z.number(), documents: z.number() }) },
    }),
    requireAdmin(deps),
    async (c) => {
      const counts = (await row<{ products: number; messages: number; documents: number }>(
        deps.db,
        sql`select (select count(*) from products) as products, (select count(*) from inquiries) as messages,
                 (select count(*) from technical_documents) as documents`,
      ))!;
      return c.json({ products: Number(counts.products), messages: Number(counts.messages), documents: Number(counts.documents) });
    },
  );

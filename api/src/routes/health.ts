// GET /api/health: is the process up and the database answering?
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { dialectOf, row } from '@app/db';
import type { AppEnv, Deps } from '../context.ts';
import { doc } from '../http/openapi-meta.ts';
import { z } from 'zod';

export const healthRoutes = ({ db }: Deps) =>
  new Hono<AppEnv>().get(
    '/health',
    doc({
      summary: 'Health of the process and its database',
      responses: { 200: z.object({ status: z.literal('ok'), database: z.object({ status: z.string(), migrations: z.number() }) }) },
      errors: { 503: 'The database is unavailable' },
    }),
    async (c) => {
      try {
        const found = await row<{ ok: number; migrations: number }>(
          db,
          sql`select 1 as ok, (select count(*) from ${dialectOf(db.$engine).migrationsTable}) as migrations`,
        );
        return c.json({ status: 'ok', database: { status: 'ok', migrations: Number(found!.migrations) } });
      } catch {
        return c.json({ status: 'error', database: { status: 'unavailable' } }, 503);
      }
    },
  );

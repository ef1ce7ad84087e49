// GET /api/stats: the dashboard's three counters (listings, messages, technical documents).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { dashboardCounts } from '../services/dashboard.ts';
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
    async (c) => c.json(await dashboardCounts(deps.db)),
  );

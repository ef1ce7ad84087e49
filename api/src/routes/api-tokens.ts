// /api/admin/api-tokens: an administrator's API tokens for integrators (issue 37, docs/decisions/130).
// The value is answered once, at creation or regeneration; the list never holds it. No token reaches
// these routes (token-access.ts), and their answers are never stored for an Idempotency-Key replay.
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiTokenCreateSchema, ApiTokenSchema, ApiTokenWithValueSchema, apiTokenMessages } from '@app/domain/api-tokens';
import { IdParamSchema } from '@app/domain/mail';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { doc } from '../http/openapi-meta.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { apiTokensFor } from '../services/api-tokens.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';

export const apiTokensRoutes = (deps: Deps) => {
  const tokens = apiTokensFor(deps.db);
  return new Hono<AppEnv>()
    .use('/admin/api-tokens', requireAdmin(deps))
    .use('/admin/api-tokens/*', requireAdmin(deps))
    .get(
      '/admin/api-tokens',
      doc({
        summary: 'API tokens (never their value)',
        description: 'Administrators only: an API token is refused here with 403.',
        responses: { 200: z.object({ tokens: z.array(ApiTokenSchema) }) },
      }),
      async (c) => c.json({ tokens: await tokens.list() }),
    )
    .post(
      '/admin/api-tokens',
      doc({
        summary: 'Create an API token; its value is answered this once',
        description:
          'Administrators only. `access`: `read-only` (every read of listings, technical documents, messages, newsletter and statistics), `full` (every read and write of those) or `custom` (`permissions`: `read` and/or `write` per resource, mail accounts included). `expiresInDays`: 7, 30, 90 or null (never). The answer is not stored for an Idempotency-Key replay: the value is never kept.',
        responses: { 201: ApiTokenWithValueSchema },
        example: { name: 'ERP sync', access: 'custom', permissions: { listings: ['read', 'write'] }, expiresInDays: 90 },
      }),
      validate('json', ApiTokenCreateSchema),
      async (c) => {
        const created = await tokens.create(c.req.valid('json'), c.get('user').id, deps.clock());
        deps.log.info('api token created', { id: created.id, access: created.access, by: c.get('user').id });
        return c.json(created, 201);
      },
    )
    .post(
      '/admin/api-tokens/:id/regenerate',
      doc({ summary: 'A new value for an API token; the old one stops working at once', responses: { 200: ApiTokenWithValueSchema } }),
      validate('param', IdParamSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const regenerated = await tokens.regenerate(id);
        if (!regenerated) throw new ApiError(404, apiTokenMessages.notFound);
        deps.log.info('api token regenerated', { id, by: c.get('user').id });
        return c.json(regenerated);
      },
    )
    .delete(
      '/admin/api-tokens/:id',
      doc({ summary: 'Revoke an API token: it stops working at once', responses: { 200: A.Success } }),
      validate('param', IdParamSchema),
      (c) => {
        const { id } = c.req.valid('param');
        return respondOnce(c, deps.db, 200, async (q) => {
          if (!(await tokens.revoke(q, id))) throw new ApiError(404, apiTokenMessages.notFound);
          deps.log.info('api token revoked', { id, by: c.get('user').id });
          return { success: true as const };
        });
      },
    );
};

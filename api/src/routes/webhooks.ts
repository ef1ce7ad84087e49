// /api/admin/webhooks: the endpoints that receive the catalogue's events (issue 37 part 2,
// docs/decisions/131), their deliveries, a test event and a retry. Administrators only: no API token
// reaches these routes (token-access.ts). The signing secret is answered once, at creation.
import { Hono } from 'hono';
import { z } from 'zod';
import { IdParamSchema } from '@app/domain/mail';
import {
  WEBHOOK_EVENTS,
  WebhookCreateSchema,
  WebhookDeliveryParamSchema,
  WebhookDeliverySchema,
  WebhookPatchSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
  webhookMessages,
} from '@app/domain/webhooks';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { doc } from '../http/openapi-meta.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { respondOnce } from '../http/commit-once.ts';
import { WebhookTargetError } from '../services/webhook-target.ts';
import { webhooksFor } from '../services/webhooks.ts';
import * as A from './answers.ts';

// A URL of the documented form whose written address webhooks may not reach is well-formed but refused: 422,
// not the 400 of a malformed request (docs/decisions/122).
const refusal = (err: unknown) =>
  err instanceof WebhookTargetError
    ? err.reason === 'host'
      ? new ApiError(400, webhookMessages.unresolved)
      : new ApiError(422, webhookMessages.target)
    : err;
const TARGET_REFUSED = 'The `url` names an address webhooks may not reach (loopback, private, link-local or metadata, or `localhost`)';

export const webhooksRoutes = (deps: Deps) => {
  const hooks = webhooksFor(deps);
  const found = <T>(value: T | undefined, message: string = webhookMessages.notFound): T => {
    if (value === undefined) throw new ApiError(404, message);
    return value;
  };
  return new Hono<AppEnv>()
    .use('/admin/webhooks', requireAdmin(deps))
    .use('/admin/webhooks/*', requireAdmin(deps))
    .get(
      '/admin/webhooks',
      doc({
        summary: 'Webhook endpoints (never their secret)',
        description:
          'Administrators only: an API token is refused here with 403. `disabledReason` says why the server disabled an endpoint.',
        responses: { 200: z.object({ webhooks: z.array(WebhookSchema) }) },
      }),
      async (c) => c.json({ webhooks: await hooks.list() }),
    )
    .post(
      '/admin/webhooks',
      doc({
        summary: 'Register a webhook endpoint; its signing secret is answered this once',
        description: `Administrators only. \`events\`: any of ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}, or \`["*"]\` for every event, future ones included (the bodies: the document's \`webhooks\`). \`url\`: http or https, a DNS name or an IP address, no credentials, at most 2048 characters (its \`pattern\`); an address written in it, or \`localhost\`, is never a loopback, private, link-local or metadata one (422). A name is not resolved here but at each delivery: while it does not resolve, or resolves to such an address, the delivery fails and is retried (its \`error\` says why). Deliveries are signed as Standard Webhooks v1 (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) with the \`whsec_\` secret. The answer is not stored for an Idempotency-Key replay.`,
        responses: { 201: WebhookWithSecretSchema },
        errors: { 422: TARGET_REFUSED },
        example: {
          url: 'https://erp.example.com/hooks/catalogue',
          events: ['listing.created', 'listing.updated'],
          description: 'ERP sync',
        },
      }),
      validate('json', WebhookCreateSchema),
      async (c) => {
        const created = await hooks.create(c.req.valid('json')).catch((err: unknown) => {
          throw refusal(err);
        });
        deps.log.info('webhook created', { id: created.id, by: c.get('user').id });
        return c.json(created, 201);
      },
    )
    .patch(
      '/admin/webhooks/:id',
      doc({
        summary: 'Change a webhook endpoint (url, events, description, enabled)',
        description:
          'Enabling it again clears `disabledReason` and its count of failures; its pending deliveries then go out. A new `url` is checked as on POST /admin/webhooks: its form (400), and an address written in it (422); a name is resolved at delivery.',
        responses: { 200: WebhookSchema },
        errors: { 422: TARGET_REFUSED },
        example: { enabled: true },
      }),
      validate('param', IdParamSchema),
      validate('json', WebhookPatchSchema),
      async (c) => {
        const updated = await hooks.update(c.req.valid('param').id, c.req.valid('json')).catch((err: unknown) => {
          throw refusal(err);
        });
        return c.json(found(updated));
      },
    )
    .delete(
      '/admin/webhooks/:id',
      doc({ summary: 'Delete a webhook endpoint with its deliveries', responses: { 200: A.Success } }),
      validate('param', IdParamSchema),
      (c) =>
        respondOnce(c, deps.db, 200, async (q) => {
          if (!(await hooks.remove(q, c.req.valid('param').id))) throw new ApiError(404, webhookMessages.notFound);
          return { success: true as const };
        }),
    )
    .post(
      '/admin/webhooks/:id/test',
      doc({
        summary: 'Send the `ping` test event to a webhook endpoint',
        description: 'Queued at once, whatever the endpoint subscribed to; follow it in its deliveries.',
        responses: { 202: WebhookDeliverySchema },
      }),
      validate('param', IdParamSchema),
      async (c) => c.json(found(await hooks.ping(c.req.valid('param').id)), 202),
    )
    .get(
      '/admin/webhooks/:id/deliveries',
      doc({
        summary: 'The last 100 deliveries of a webhook endpoint, newest first',
        responses: { 200: z.object({ deliveries: z.array(WebhookDeliverySchema) }) },
      }),
      validate('param', IdParamSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        found(await hooks.get(id));
        return c.json({ deliveries: await hooks.deliveries(id) });
      },
    )
    .post(
      '/admin/webhooks/:id/deliveries/:deliveryId/retry',
      doc({
        summary: 'Send a delivery again now, with the same webhook-id',
        description: 'A delivered one is left as it is; a failed one gets one more attempt.',
        responses: { 202: WebhookDeliverySchema },
      }),
      validate('param', WebhookDeliveryParamSchema),
      async (c) => {
        const { id, deliveryId } = c.req.valid('param');
        return c.json(found(await hooks.retry(id, deliveryId), webhookMessages.deliveryNotFound), 202);
      },
    );
};

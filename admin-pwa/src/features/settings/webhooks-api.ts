// Webhooks against the API (issue 37 part 3): online only, never stored on this device. The signing
// secret comes back once, from creation, and lives only in the dialog that shows it.
import type { Webhook, WebhookDelivery } from '@app/domain/webhooks';
import { body, client } from '../../lib/client.ts';

const hooks = client.admin.webhooks;
const param = (id: number) => ({ param: { id: String(id) } });

/** What the create form sends, as the route's validator takes it. */
export type WebhookInput = Parameters<typeof hooks.$post>[0]['json'];
/** What a change sends: only the fields that change. */
export type WebhookChange = Parameters<(typeof hooks)[':id']['$patch']>[0]['json'];

export async function listWebhooks(): Promise<Webhook[]> {
  return (await body(hooks.$get())).webhooks;
}

export const createWebhook = (input: WebhookInput) => body(hooks.$post({ json: input }));

export const updateWebhook = (id: number, change: WebhookChange): Promise<Webhook> =>
  body(hooks[':id'].$patch({ ...param(id), json: change }));

export async function deleteWebhook(id: number): Promise<void> {
  await hooks[':id'].$delete(param(id));
}

export const sendTestEvent = (id: number): Promise<WebhookDelivery> => body(hooks[':id'].test.$post(param(id)));

export async function listDeliveries(id: number): Promise<WebhookDelivery[]> {
  return (await body(hooks[':id'].deliveries.$get(param(id)))).deliveries;
}

export const retryDelivery = (id: number, deliveryId: number): Promise<WebhookDelivery> =>
  body(hooks[':id'].deliveries[':deliveryId'].retry.$post({ param: { id: String(id), deliveryId: String(deliveryId) } }));

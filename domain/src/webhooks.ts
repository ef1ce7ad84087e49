// Webhooks (issue 37 part 2, docs/decisions/131): the events an endpoint may subscribe to, what an
// administrator sends to register one, what the API answers about endpoints and their deliveries.
import { z } from 'zod';
import { ProductSchema } from './products.ts';

export const WEBHOOK_EVENTS = [
  'listing.created',
  'listing.updated',
  'listing.deleted',
  'inquiry.received',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'newsletter.sent',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every event, those added later included. */
export const ALL_EVENTS = '*';
/** The test event POST /admin/webhooks/{id}/test sends, whatever the endpoint subscribed to. */
export const PING_EVENT = 'ping';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** The deliveries kept per endpoint; older ones are pruned. */
export const WEBHOOK_DELIVERIES_KEPT = 100;

export const webhookMessages = {
  url: 'URL invalide : http:// ou https://, sans identifiants, 2048 caractères au maximum',
  events: 'Événements invalides : au moins un parmi les événements connus, ou "*"',
  notFound: 'Webhook introuvable',
  deliveryNotFound: 'Livraison introuvable',
  target: 'Adresse refusée : un webhook ne peut viser ni cette machine, ni un réseau privé, local ou de métadonnées',
  unresolved: 'Adresse introuvable : le nom ne se résout pas',
} as const;

/** No `user:password@` before the host. */
const noCredentials = (value: string) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value);

const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const h16 = '[0-9A-Fa-f]{1,4}';
const ipv6 = [
  `(?:${h16}:){7}${h16}`,
  `(?:${h16}:){1,7}:`,
  `(?:${h16}:){1,6}:${h16}`,
  `(?:${h16}:){1,5}(?::${h16}){1,2}`,
  `(?:${h16}:){1,4}(?::${h16}){1,3}`,
  `(?:${h16}:){1,3}(?::${h16}){1,4}`,
  `(?:${h16}:){1,2}(?::${h16}){1,5}`,
  `${h16}:(?::${h16}){1,6}`,
  `:(?:(?::${h16}){1,7}|:)`,
  `::[Ff]{4}:(?:${octet}\\.){3}${octet}`,
].join('|');
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** Not in a URL: controls, spaces (ASCII and Unicode) and DEL, listed one by one (JavaScript's and Python's `\s` differ). */
const URL_CHAR = '[^\\u0000-\\u0020\\u007f-\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
/**
 * A webhook URL as the server takes it (docs/decisions/122), for clients and the document alike: http or https, a host
 * that is a DNS name (its last label starting with a letter), a dotted IPv4 address or a bracketed IPv6 one, an optional
 * port, no `user:password@`, then any path, query and fragment; blank around it is trimmed.
 */
export const WEBHOOK_URL_PATTERN =
  `^[ \\t\\n\\r]*[Hh][Tt][Tt][Pp][Ss]?://` +
  `(?:(?:${label}\\.)*[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.?|(?:${octet}\\.){3}${octet}|\\[(?:${ipv6})\\])` +
  `(?::(?:[1-5]?[0-9]{1,4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?` +
  `(?:[/?#]${URL_CHAR}*)?[ \\t\\n\\r]*$`;

// Length and form are checked on the text as sent (what the document's maxLength and pattern say), then trimmed.
const url = z
  .string({ error: webhookMessages.url })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: webhookMessages.url, abort: true })
  .regex(new RegExp(WEBHOOK_URL_PATTERN), { error: webhookMessages.url, abort: true })
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.url }))
  .refine(noCredentials, { error: webhookMessages.url });
const events = z
  .array(z.enum([...WEBHOOK_EVENTS, ALL_EVENTS], { error: webhookMessages.events }), { error: webhookMessages.events })
  .min(1, webhookMessages.events)
  .max(WEBHOOK_EVENTS.length + 1, webhookMessages.events)
  .transform((list) => [...new Set(list)]);
const description = z
  .string()
  .max(500, { error: '500 caractères au maximum', abort: true })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /admin/webhooks. */
export const WebhookCreateSchema = z.object({ url, events, description, enabled: z.boolean().default(true) });
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;

/** PATCH /admin/webhooks/{id}: the fields sent change; enabling again clears the reason it was disabled. */
export const WebhookPatchSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  // Absent: unchanged; null or blank: removed.
  description: z
    .string()
    .max(500, { error: '500 caractères au maximum', abort: true })
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  enabled: z.boolean().optional(),
});
export type WebhookPatch = z.infer<typeof WebhookPatchSchema>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the server disabled it: a 410 answer, or failures in a row. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to POST /admin/webhooks: the signing secret, shown this once. */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().meta({ description: 'Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. Shown once.' }),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  /** The `webhook-id` header, the same on every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The first 1 KB of the last answer's body. */
  responseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryParamSchema = z.object({
  id: z.coerce.number({ error: 'Identifiant invalide' }).int('Identifiant invalide').positive('Identifiant invalide'),
  deliveryId: z.coerce.number({ error: 'Identifiant invalide' }).int('Identifiant invalide').positive('Identifiant invalide'),
});

// The bodies, per event: `{type, timestamp, data}`. Listings travel in the API's own shape (GET
// /api/products/{id}); a deleted listing, an inquiry and a subscriber only by their ids, so that no
// personal data leaves with a webhook.
const envelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({
    type: z.literal(type),
    timestamp: z.string().meta({ description: 'ISO 8601, when the change was committed' }),
    data,
  });
export const WEBHOOK_BODIES = {
  'listing.created': envelope('listing.created', ProductSchema),
  'listing.updated': envelope('listing.updated', ProductSchema),
  'listing.deleted': envelope('listing.deleted', z.object({ id: z.number().int() })),
  'inquiry.received': envelope('inquiry.received', z.object({ id: z.number().int(), productReference: z.string().nullable() })),
  'subscriber.confirmed': envelope('subscriber.confirmed', z.object({ id: z.number().int() })),
  'subscriber.unsubscribed': envelope('subscriber.unsubscribed', z.object({ id: z.number().int() })),
  'newsletter.sent': envelope(
    'newsletter.sent',
    z.object({ id: z.number().int(), subject: z.string(), sentCount: z.number().int(), failedCount: z.number().int() }),
  ),
  ping: envelope('ping', z.object({ webhookId: z.number().int() })),
} satisfies Record<WebhookEvent | typeof PING_EVENT, z.ZodType>;

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent | typeof PING_EVENT, string> = {
  'listing.created': 'A listing was created. `data`: the listing as GET /api/products/{id} answers it.',
  'listing.updated':
    'A listing changed: its fields, or its images or documents (added, removed, reordered, renamed). `data`: the listing as GET /api/products/{id} answers it, after the change.',
  'listing.deleted': 'A listing was deleted with its files. `data`: its id only.',
  'inquiry.received':
    'A contact message arrived. `data`: its id and the listing reference it names, if any; no personal data (read it with GET /api/inquiries/{id}).',
  'subscriber.confirmed': 'A newsletter subscription was confirmed. `data`: the subscriber id only (no address).',
  'subscriber.unsubscribed': 'A subscriber left the newsletter. `data`: the subscriber id only (no address).',
  'newsletter.sent': 'A newsletter sending finished. `data`: the sending id, its subject and its counts.',
  ping: 'The test event of POST /api/admin/webhooks/{id}/test.',
};

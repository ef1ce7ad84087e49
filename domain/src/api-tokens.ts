// API tokens for integrators (issue 37): what an administrator sends to create one, what the list
// shows, the resources a custom token is granted, and the messages a token's caller can meet.
import { z } from 'zod';

/** The recognisable prefix, so secret scanners can find a leaked token. */
export const API_TOKEN_PREFIX = 'pm_';
export const API_TOKEN_ACCESS = ['read-only', 'full', 'custom'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];
export const API_TOKEN_LIFETIMES = [7, 30, 90] as const;

/**
 * What a token can be granted: the five resources, plus statistics (read only, as read-only and
 * full tokens have it). Listings include their images and documents; messages include the replies.
 */
export const API_TOKEN_RESOURCES = ['listings', 'technicalDocuments', 'messages', 'newsletter', 'mailAccounts', 'statistics'] as const;
export type ApiTokenResource = (typeof API_TOKEN_RESOURCES)[number];
export type ApiTokenAction = 'read' | 'write';
/** Resources read-only and full tokens reach (mail accounts hold credentials: a custom grant only). */
export const BROAD_RESOURCES: readonly ApiTokenResource[] = ['listings', 'technicalDocuments', 'messages', 'newsletter', 'statistics'];

export const apiTokenMessages = {
  name: 'Le nom est requis',
  access: 'Accès invalide : read-only, full ou custom',
  permissions: 'Permissions invalides : au moins une ressource, en lecture et/ou écriture',
  permissionsOnlyCustom: 'Les permissions ne se donnent qu’à un jeton custom',
  lifetime: 'Durée invalide : 7, 30, 90 ou null',
  notFound: 'Jeton d’API introuvable',
  expired: 'Jeton d’API expiré',
  revoked: 'Jeton d’API révoqué ou inconnu',
  forbidden: 'Ce jeton d’API ne donne pas accès à cette ressource',
  neverWithToken: 'Cette route n’accepte pas de jeton d’API',
} as const;

const Actions = z
  .array(z.enum(['read', 'write'], { error: apiTokenMessages.permissions }), { error: apiTokenMessages.permissions })
  .min(1, apiTokenMessages.permissions)
  .max(2, apiTokenMessages.permissions);

/** A custom token's grants: `read` and/or `write` per resource (statistics: read only), one resource at least. */
export const ApiTokenPermissionsSchema = z
  .strictObject(
    {
      listings: Actions.optional(),
      technicalDocuments: Actions.optional(),
      messages: Actions.optional(),
      newsletter: Actions.optional(),
      mailAccounts: Actions.optional(),
      statistics: z
        .array(z.literal('read', { error: apiTokenMessages.permissions }))
        .min(1)
        .max(1)
        .optional(),
    } satisfies Record<ApiTokenResource, z.ZodType>,
    { error: apiTokenMessages.permissions },
  )
  .refine((p) => Object.values(p).some((v) => v !== undefined), apiTokenMessages.permissions)
  // For the document: what the refinement checks.
  .meta({ minProperties: 1 });
export type ApiTokenPermissions = Partial<Record<ApiTokenResource, ApiTokenAction[]>>;

const tokenFields = {
  name: z
    .string({ error: apiTokenMessages.name })
    .max(100, { error: '100 caractères au maximum', abort: true })
    .trim()
    .min(1, apiTokenMessages.name)
    // For the document: not blank, as the trim and the minimum check.
    .meta({ pattern: '\\S' }),
  description: z
    .string()
    .max(500, { error: '500 caractères au maximum', abort: true })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
  expiresInDays: z.union([z.literal(7), z.literal(30), z.literal(90), z.null()], { error: apiTokenMessages.lifetime }),
};
const noPermissions = z.null({ error: apiTokenMessages.permissionsOnlyCustom }).optional();

/** POST /admin/api-tokens: `permissions` with a custom token only, and required there. */
export const ApiTokenCreateSchema = z.discriminatedUnion(
  'access',
  [
    z.object({ ...tokenFields, access: z.literal('read-only'), permissions: noPermissions }),
    z.object({ ...tokenFields, access: z.literal('full'), permissions: noPermissions }),
    z.object({ ...tokenFields, access: z.literal('custom'), permissions: ApiTokenPermissionsSchema }),
  ],
  { error: apiTokenMessages.access },
);
export type ApiTokenCreate = z.infer<typeof ApiTokenCreateSchema>;

/** A token as the list shows it: never its value. */
export const ApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  access: z.enum(API_TOKEN_ACCESS),
  permissions: z.partialRecord(z.enum(API_TOKEN_RESOURCES), z.array(z.enum(['read', 'write']))).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** Creation and regeneration: the token, with its value shown this once. */
export const ApiTokenWithValueSchema = ApiTokenSchema.extend({
  token: z.string().describe('The value, shown this once: `pm_` then 43 base64url characters (256 random bits)'),
});

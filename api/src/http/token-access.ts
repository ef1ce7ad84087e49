// What an API token may reach, in one place (issue 37, docs/decisions/130): every path of the API
// belongs to one route family, and a family is a token resource, a route no token ever reaches, or
// a public route (no guard reads the token). token-access.test.ts fails for a route of no family.
import {
  BROAD_RESOURCES,
  type ApiTokenAction,
  type ApiTokenPermissions,
  type ApiTokenResource,
  type ApiTokenAccess,
} from '@app/domain/api-tokens';

export const NEVER = 'never';
export const PUBLIC = 'public';
export type RouteFamily = ApiTokenResource | typeof NEVER | typeof PUBLIC;

/** Path prefixes under /api, on segment boundaries; the longest one that matches decides. */
export const ROUTE_FAMILIES: Readonly<Record<string, RouteFamily>> = {
  '/products': 'listings', // with their images and documents
  '/admin/technical-documents': 'technicalDocuments',
  '/technical-documents': PUBLIC,
  '/inquiries': 'messages', // POST is the public contact form
  '/email-responses': 'messages',
  '/newsletter/admin': 'newsletter',
  '/newsletter': PUBLIC, // subscribe, confirm, unsubscribe
  '/smtp': 'mailAccounts',
  '/stats': 'statistics',
  // Accounts, sessions and credentials: never with a token.
  '/auth': NEVER,
  '/admin/api-tokens': NEVER,
  '/admin/webhooks': NEVER,
  '/health': PUBLIC,
  '/company': PUBLIC,
  '/media': PUBLIC,
  '/openapi.json': PUBLIC,
  '/docs': PUBLIC,
};

const PREFIXES = Object.keys(ROUTE_FAMILIES).sort((a, b) => b.length - a.length);

/** The family of a request path or a route pattern (`/api/products/:id`); undefined when none. */
export function familyOf(path: string): RouteFamily | undefined {
  const rest = path.startsWith('/api/') ? path.slice(4) : path;
  const prefix = PREFIXES.find((p) => rest === p || rest.startsWith(`${p}/`));
  return prefix === undefined ? undefined : ROUTE_FAMILIES[prefix];
}

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const actionOf = (method: string): ApiTokenAction => (READS.has(method) ? 'read' : 'write');

/** Whether a token of this access reaches a resource for an action (the OpenAPI document lists the same). */
export function grants(
  access: ApiTokenAccess,
  permissions: ApiTokenPermissions | null,
  resource: ApiTokenResource,
  action: ApiTokenAction,
) {
  if (access === 'custom') return permissions?.[resource]?.includes(action) ?? false;
  return BROAD_RESOURCES.includes(resource) && (access === 'full' || action === 'read');
}

export type TokenVerdict = 'allowed' | 'forbidden' | 'never';

export function tokenMayReach(
  token: { access: ApiTokenAccess; permissions: ApiTokenPermissions | null },
  method: string,
  path: string,
): TokenVerdict {
  const family = familyOf(path);
  if (family === undefined || family === NEVER || family === PUBLIC) return 'never';
  return grants(token.access, token.permissions, family, actionOf(method)) ? 'allowed' : 'forbidden';
}

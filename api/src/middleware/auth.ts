// Guards for authenticated routes. Owned by the sign-in work (issue 3).
// requireAdmin: a valid session whose user has the 'admin' role and no pending forced password change.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';

export const requireAdmin =
  (_deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c) =>
    c.json({ error: 'Non authentifié' }, 401);

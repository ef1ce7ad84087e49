// Per-address limit for the public forms (contact, newsletter): 429 with Retry-After once exceeded.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import type { RateLimiter } from '../services/shared-limits.ts';
import { clientIp } from './client-ip.ts';
import { fail } from './errors.ts';
import { withMeta } from './openapi-meta.ts';
import { requestMessages } from '@app/domain/api-messages';

export const limitPerAddress = (deps: Deps, limiter: RateLimiter, scope: string): MiddlewareHandler<AppEnv> =>
  withMeta<MiddlewareHandler<AppEnv>>(
    async (c, next) => {
      const ip = clientIp(c, deps.env.TRUST_PROXY);
      if (!(await limiter.hit(ip))) {
        deps.log.warn('public form rate limited', { scope, ip });
        c.header('Retry-After', String(Math.ceil((await limiter.retryAfterMs(ip)) / 1000) || 1));
        return fail(c, 429, requestMessages.tooManyRequests);
      }
      await next();
    },
    { errors: { 429: 'Too many requests from this address (Retry-After)' } },
  );

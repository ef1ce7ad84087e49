// A number in the path beyond the largest record id names no record: 404 before any query, since
// PostgreSQL refuses such a parameter with an error where SQLite just finds no row (MAX_ID).
import type { MiddlewareHandler } from 'hono';
import { MAX_ID } from '@app/domain/fields';
import type { AppEnv } from '../context.ts';
import { fail } from '../http/errors.ts';

const NUMBER_SEGMENT = /\/(\d+)(?=\/|$)/g;

export const idsInRange: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const [, digits] of c.req.path.matchAll(NUMBER_SEGMENT)) if (Number(digits) > MAX_ID) return fail(c, 404, 'Ressource introuvable');
  await next();
};

// zod field helpers shared by the schemas of several resources.
import { z } from 'zod';

/** Optional free text: trimmed, at most `max` characters; blank, null or missing become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The largest record id: ids are 32-bit integers on both engines (PostgreSQL's `integer` identity
 * columns). PostgreSQL refuses a larger number in a query with an error, so none may reach one.
 */
export const MAX_ID = 2_147_483_647;


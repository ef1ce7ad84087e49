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

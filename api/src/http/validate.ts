// zod validation for Hono routes: a 400 problem whose `error` is the first bad field's message and
// whose `errors` lists every field, each message being the spec's text with no field-path prefix
// (services/parse-input.ts builds that refusal).
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { fail } from './errors.ts';
import { withMeta } from './openapi-meta.ts';
import { requestMessages } from '@app/domain/api-messages';
import { nulRefusal, validationError } from '../services/parse-input.ts';
import type { FieldError } from '../services/refusal.ts';

/** The keys an object schema names, through the transforms, refinements and intersections around it. */
function namedKeys(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def as { type: string; in?: z.core.$ZodType; left?: z.core.$ZodType; right?: z.core.$ZodType; shape?: object };
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe' && def.in) return namedKeys(def.in);
  if (def.type === 'intersection' && def.left && def.right) return [...new Set([...namedKeys(def.left), ...namedKeys(def.right)])];
  return [];
}

/**
 * A query parameter the schema does not name, or one given twice, is refused like a bad value: each query
 * parameter is documented as one value of its own type, so a client learns of its typo instead of getting
 * an unfiltered list (docs/decisions/122). The public site builds its own queries and never sends either.
 */
const strictQuery = (schema: z.ZodType) => {
  const known = new Set(namedKeys(schema));
  return (c: Context) => {
    const errors: FieldError[] = Object.entries(c.req.queries())
      .filter(([name, values]) => !known.has(name) || values.length > 1)
      .map(([field]) => ({ field, message: requestMessages.invalid }));
    return errors.length ? fail(c, 400, requestMessages.invalid, errors) : undefined;
  };
};

/** Validates one part of the request; the schema also describes that part in the OpenAPI document. */
export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) => {
  const shape = namedKeys(schema);
  const validator = zValidator(target, schema, async (result, c) => {
    // The fields the schema names are checked as sent too: a text a transform drops (an engine's phase)
    // holds no NUL either, as the document says (decision 122). Other keys are not the schema's.
    const sent = result.success && target === 'json' && shape.length ? ((await c.req.json().catch(() => null)) as unknown) : null;
    const named =
      sent && typeof sent === 'object' ? Object.fromEntries(shape.map((k) => [k, (sent as Record<string, unknown>)[k]])) : undefined;
    const refused = result.success ? (nulRefusal(result.data) ?? nulRefusal(named)) : validationError(result.error);
    // A literal 400, so typed clients see this answer as an error, never as a success.
    if (refused) return fail(c, 400, refused.message, refused.errors);
  });
  const strict = target === 'query' ? strictQuery(schema) : undefined;
  const checked = strict ? (((c, next) => strict(c) ?? validator(c, next)) as typeof validator) : validator;
  return withMeta(checked, {
    request: { target, schema },
    errors: { 400: 'Invalid request: `errors` lists every field with its message' },
  });
};

// zod validation for Hono routes: a 400 problem whose `error` is the first bad field's message and
// whose `errors` lists every field, each message being the spec's text with no field-path prefix.
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ApiError, fail, type FieldError } from './errors.ts';
import { withMeta } from './openapi-meta.ts';
import { requestMessages } from '@app/domain/api-messages';

export function describeIssue(issue: z.core.$ZodIssue): FieldError {
  const field = issue.path.map(String).join('.');
  // zod's own English defaults start with "Invalid", "Too", "Expected" or "Unrecognized"; the
  // domain's schemas carry the spec's French texts, which are kept as they are.
  const isDefault = /^(Invalid|Too (big|small)|Expected|Unrecognized)/.test(issue.message);
  if (!isDefault) return { field, message: issue.message };
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  return { field, message: missing ? requestMessages.required : requestMessages.invalid };
}

/** The 400 a failed parse answers: the first field's message, and every field. */
export function validationError(error: { issues: z.core.$ZodIssue[] }): ApiError {
  // A key the schema does not know (a strict body) is named as the field it is.
  const errors = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => describeIssue({ ...issue, path: [...issue.path, key] }))
      : [describeIssue(issue)],
  );
  return new ApiError(400, errors[0]?.message ?? requestMessages.request, errors);
}

/**
 * The path of the first text holding a NUL character, if any. PostgreSQL's text cannot store one (SQLite's
 * can): such a request is refused on both engines alike, before it reaches a query.
 */
function nulField(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The 400 for a parsed value with a NUL character in a text, or undefined when it has none. */
function nulRefusal(value: unknown): ApiError | undefined {
  const field = nulField(value);
  return field === undefined ? undefined : new ApiError(400, requestMessages.invalid, [{ field, message: requestMessages.invalid }]);
}

/** Parses a value built inside a handler (a PATCH's listing once edited, multipart fields) like a request part. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  const refused = nulRefusal(parsed.data);
  if (refused) throw refused;
  return parsed.data;
}

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

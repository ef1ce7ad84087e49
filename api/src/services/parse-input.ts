// Parsing a value against a domain schema as a refusal: `invalid`, with the first bad field's message
// and every field, each message the spec's text with no field-path prefix. http/validate.ts answers a
// request part's failure with the same refusal; services parse the values they build themselves.
import type { z } from 'zod';
import { requestMessages } from '@app/domain/api-messages';
import { Refusal, type FieldError } from './refusal.ts';

export function describeIssue(issue: z.core.$ZodIssue): FieldError {
  const field = issue.path.map(String).join('.');
  // zod's own English defaults start with "Invalid", "Too", "Expected" or "Unrecognized"; the
  // domain's schemas carry the spec's French texts, which are kept as they are.
  const isDefault = /^(Invalid|Too (big|small)|Expected|Unrecognized)/.test(issue.message);
  if (!isDefault) return { field, message: issue.message };
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  return { field, message: missing ? requestMessages.required : requestMessages.invalid };
}

/** The refusal a failed parse is: the first field's message, and every field. */
export function validationError(error: { issues: z.core.$ZodIssue[] }): Refusal {
  // A key the schema does not know (a strict body) is named as the field it is.
  const errors = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => describeIssue({ ...issue, path: [...issue.path, key] }))
      : [describeIssue(issue)],
  );
  return new Refusal('invalid', errors[0]?.message ?? requestMessages.request, errors);
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

/** The refusal of a parsed value with a NUL character in a text, or undefined when it has none. */
export function nulRefusal(value: unknown): Refusal | undefined {
  const field = nulField(value);
  return field === undefined ? undefined : new Refusal('invalid', requestMessages.invalid, [{ field, message: requestMessages.invalid }]);
}

/** Parses a value built inside a handler or a service (a PATCH's listing once edited, multipart fields) like a request part. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  const refused = nulRefusal(parsed.data);
  if (refused) throw refused;
  return parsed.data;
}

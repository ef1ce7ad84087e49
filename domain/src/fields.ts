// zod field helpers shared by the schemas of several resources.
import { z } from 'zod';
import { documentedEmailPattern, EMAIL_MAX_LENGTH, SIMPLE_EMAIL } from './email-format.ts';

/**
 * Optional free text: at most `max` characters as sent (what the document's maxLength says), then
 * trimmed; blank, null or missing become null.
 */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The largest record id: ids are 32-bit integers on both engines (PostgreSQL's `integer` identity
 * columns). PostgreSQL refuses a larger number in a query with an error, so none may reach one.
 */
export const MAX_ID = 2_147_483_647;

/**
 * An e-mail address field: trimmed, required, at most 254 characters, the simple pattern. The length
 * is checked first and ends the check (zod's `abort`), so an oversized value never meets a pattern.
 */
export const emailField = (messages: { required: string; invalid: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: messages.invalid, abort: true })
    .regex(SIMPLE_EMAIL, messages.invalid)
    // For the document: the pattern without Unicode property escapes (email-format.ts).
    .meta({ pattern: documentedEmailPattern() });

const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const numberFromText = (pattern: RegExp) => (v: unknown) => (typeof v === 'string' && pattern.test(v) ? Number(v) : v);

/**
 * A number in a query string, typed as the OpenAPI document types it: decimal digits (for a `number`,
 * with a fraction and an exponent, as JSON writes one) become the number they spell. Anything else
 * (`''`, `' 5'`, `'0x10'`, `'all'`) reaches `schema` as the text it is and is refused with 400, never
 * read as a default (docs/decisions/122). Absent stays absent, for `schema`'s default.
 */
export const queryInteger = <S extends z.ZodType>(schema: S) => z.preprocess(numberFromText(INTEGER_TEXT), schema);
export const queryNumber = <S extends z.ZodType>(schema: S) => z.preprocess(numberFromText(NUMBER_TEXT), schema);

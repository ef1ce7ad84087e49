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

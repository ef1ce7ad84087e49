// The one e-mail shape every form accepts, without zod so that browser islands can check it cheaply.

/** The longest address any form takes (RFC 5321's path limit); checked before the pattern. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The spec's "simple {email} pattern": something, an @, something, a dot, something; no spaces.
 * It also refuses what could start a mail header or make a reader see another address: controls
 * (Unicode Cc, NEL among them), format characters (Cf: bidi overrides, zero-width spaces) and line or
 * paragraph separators (Zl, Zp).
 * Linear: the domain's first dot after its first character is found without backtracking
 * (`[^.]*\.`), which accepts exactly the domains `[^\s@]+\.[^\s@]+` accepts.
 */
export const SIMPLE_EMAIL =
  /^[^\s@\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+@[^\s@\p{Cc}\p{Cf}\p{Zl}\p{Zp}][^\s.@\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*\.[^\s@\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

/** The length limit first, then the pattern: a long value costs one comparison. */
export const isSimpleEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && SIMPLE_EMAIL.test(value);

/**
 * The same shape for the OpenAPI document, where patterns have no `\p{…}`: the Basic Multilingual
 * Plane's Cc, Cf, Zl and Zp characters spelled out (a unit test holds the list to Unicode's).
 */
const NOT_IN_ADDRESS_BMP = String.raw`\s@\u0000-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb`;
/** `notFirst`: characters the address may not start with either (already escaped for a character class). */
export const documentedEmailPattern = (notFirst = '') =>
  String.raw`^[^${notFirst}${NOT_IN_ADDRESS_BMP}][^${NOT_IN_ADDRESS_BMP}]*@[^${NOT_IN_ADDRESS_BMP}][^.${NOT_IN_ADDRESS_BMP}]*\.[^${NOT_IN_ADDRESS_BMP}]+$`;

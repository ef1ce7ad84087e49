// Text that may reach a mail header (subject, names, reply-to) or a download filename: every
// character that could start a new header line, or reorder what a reader sees, is unsafe there.
//   - C0 controls (CR, LF, VT, FF, TAB…), DEL and C1 controls (NEL U+0085 among them);
//   - Unicode line and paragraph separators U+2028, U+2029;
//   - bidi controls (ALM U+061C, LRM/RLM, LRE…RLO U+202A–U+202E, LRI…PDI U+2066–U+2069), which make
//     'invoice\u202Efdp.exe' display as 'invoiceexe.pdf'.

// eslint-disable-next-line no-control-regex
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const UNSAFE = BREAKS.source.slice(1, -1) + BIDI.source.slice(1, -1);
/**
 * For the OpenAPI document: one header-safe line that is not blank (JSON Schema cannot run the check
 * below). Linear: the first character that is not a space is the one required, found without backtracking.
 */
export const HEADER_SAFE_LINE_PATTERN = `^[^\\S${UNSAFE}]*[^\\s${UNSAFE}][^${UNSAFE}]*$`;

/** True when the text holds any character unsafe in a header. */
export const hasUnsafeHeaderText = (value: string) => new RegExp(`${BREAKS.source}|${BIDI.source}`).test(value);

/** Line breaks and controls become one space, bidi controls go; spaces collapse, ends trimmed. */
export const headerSafe = (value: string) =>
  value
    .replace(BIDI, '')
    .replace(BREAKS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

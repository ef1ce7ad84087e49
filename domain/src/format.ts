// Numbers the visitor reads, formatted for the page's language through Intl: file sizes, waits,
// and the label–value colon (French puts a narrow no-break space before it, English none).
export type FormatLang = 'fr' | 'en';

const LOCALES: Record<FormatLang, string> = { fr: 'fr-FR', en: 'en-GB' };

/** 'Marque : Volvo' with U+202F in French (Imprimerie nationale), 'Brand: Volvo' in English. */
export const colon = (lang: FormatLang) => (lang === 'fr' ? '\u202f:' : ':');
export const labelled = (lang: FormatLang, label: string, value: string | number) => `${label}${colon(lang)} ${value}`;

// An Intl formatter costs tens of microseconds to make and nothing to keep: one per language and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}
const numbers = (lang: FormatLang, options: Intl.NumberFormatOptions) =>
  kept(`n ${lang} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(LOCALES[lang], options));

const unit = (lang: FormatLang, u: string, max = 2) =>
  numbers(lang, { style: 'unit', unit: u, unitDisplay: 'long', maximumFractionDigits: max });

/** '25 novembre 2026' / '25 November 2026': the day in Paris. */
export const formatLongDate = (date: Date, lang: FormatLang) =>
  kept(
    `d ${lang}`,
    () => new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }),
  ).format(date);

/**
 * A wait before the next try, from a Retry-After in seconds: '45 secondes', '15 minutes', '2 hours'.
 * Rounded up, so the visitor never tries again too early.
 */
export function formatWait(seconds: number, lang: FormatLang): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return unit(lang, 'second', 0).format(s);
  if (s < 3600) return unit(lang, 'minute', 0).format(Math.ceil(s / 60));
  return unit(lang, 'hour', 0).format(Math.ceil(s / 3600));
}

// Each language's own units: octets in French (o, ko, Mo, Go), bytes in English (B, KB, MB, GB).
const SIZE_UNITS: Record<FormatLang, readonly string[]> = { fr: ['o', 'ko', 'Mo', 'Go'], en: ['B', 'KB', 'MB', 'GB'] };

/** '726 o' / '36,98 ko' in French, '726 B' / '36.98 KB' in English (binary multiples, as the files' sizes always were). */
export function formatFileSize(bytes: number, lang: FormatLang): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < SIZE_UNITS[lang].length - 1) {
    v /= 1024;
    i++;
  }
  const n = numbers(lang, { maximumFractionDigits: i === 0 ? 0 : 2 }).format(v);
  // A no-break space keeps the number and its unit on one line.
  return `${n}\u00a0${SIZE_UNITS[lang][i]}`;
}

// Power units of a listing: labels per language (spec public-site section 3) and the conversion
// to one common kW value so that filters and sorting compare a 500 kVA genset with a 400 HP engine.
import { z } from 'zod';
import type { Lang } from './lang.ts';

export type { Lang };

export const POWER_UNITS = ['kw', 'kva', 'hp', 'cv', 'ekw'] as const;
export const PowerUnitSchema = z.enum(POWER_UNITS);
export type PowerUnit = z.infer<typeof PowerUnitSchema>;

/**
 * kW per unit. Documented in docs/decisions/020-power-conversion.md:
 * - kW and ekW (electrical kW, generator output) are already kW;
 * - kVA is apparent power: real power = kVA × power factor, with the genset industry's standard 0.8;
 * - hp is the mechanical (imperial) horsepower, 745.7 W;
 * - cv ("cheval-vapeur", metric horsepower, also PS), 735.5 W.
 */
export const KW_PER_UNIT: Record<PowerUnit, number> = { kw: 1, ekw: 1, kva: 0.8, hp: 0.7457, cv: 0.7355 };

/** The power in kW, rounded to 0.001 kW so that equal inputs compare equal. */
export function toKw(value: number, unit: PowerUnit): number {
  return Math.round(value * KW_PER_UNIT[unit] * 1000) / 1000;
}

/** Unit labels exactly as the spec's table: the French site says CH for hp, the English site HP for both hp and cv. */
export const POWER_LABELS: Record<PowerUnit, { fr: string; en: string }> = {
  kw: { fr: 'kW', en: 'kW' },
  kva: { fr: 'kVA', en: 'kVA' },
  hp: { fr: 'CH', en: 'HP' },
  cv: { fr: 'CV', en: 'HP' },
  ekw: { fr: 'ekW', en: 'ekW' },
};

const numberFormat = {
  fr: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
};

/** '1 250 kVA' in French (narrow no-break space as the thousands separator), '1,250 kVA' in English. */
export function formatPower(value: number, unit: PowerUnit, lang: Lang): string {
  return `${numberFormat[lang].format(value)}\u00a0${POWER_LABELS[unit][lang]}`;
}

export type PowerDisplay = { value: number; unit: PowerUnit; displayFr: string; displayEn: string };

/** The Listing's power field (spec public-site section 3). Unknown units fall back to kW. */
export function powerDisplay(value: number, unit: string | null | undefined): PowerDisplay {
  const u = PowerUnitSchema.safeParse(unit).success ? (unit as PowerUnit) : 'kw';
  return { value, unit: u, displayFr: formatPower(value, u, 'fr'), displayEn: formatPower(value, u, 'en') };
}

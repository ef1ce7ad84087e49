import { describe, expect, it } from 'vitest';
import { KW_PER_UNIT, POWER_LABELS, formatPower, powerDisplay, toKw } from './power.ts';

describe('power units', () => {
  it('converts every unit to kW with the documented factors', () => {
    expect(toKw(100, 'kw')).toBe(100);
    expect(toKw(100, 'ekw')).toBe(100);
    expect(toKw(500, 'kva')).toBe(400);
    expect(toKw(400, 'hp')).toBe(298.28);
    expect(toKw(300, 'cv')).toBe(220.65);
    expect(KW_PER_UNIT).toEqual({ kw: 1, ekw: 1, kva: 0.8, hp: 0.7457, cv: 0.7355 });
  });

  it('labels units as the spec table: CH / HP for hp, CV / HP for cv', () => {
    expect(POWER_LABELS.hp).toEqual({ fr: 'CH', en: 'HP' });
    expect(POWER_LABELS.cv).toEqual({ fr: 'CV', en: 'HP' });
    expect(POWER_LABELS.kva).toEqual({ fr: 'kVA', en: 'kVA' });
  });

  it('formats with the language thousands separator', () => {
    expect(formatPower(1250, 'kva', 'fr')).toBe('1\u202f250\u00a0kVA');
    expect(formatPower(1250, 'hp', 'en')).toBe('1,250\u00a0HP');
    expect(powerDisplay(440, 'cv')).toEqual({ value: 440, unit: 'cv', displayFr: '440\u00a0CV', displayEn: '440\u00a0HP' });
    expect(powerDisplay(50, 'watts').unit).toBe('kw');
  });
});

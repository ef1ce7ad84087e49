// The demo catalogue: deterministic bilingual listings across marine engines, generator sets,
// gearboxes, propellers and shaft lines, new and used, some featured, some on price request.
import type { ProductInput } from '@app/domain/products';
import type { PowerUnit } from '@app/domain/power';
import type { Illustration } from './seed-assets.ts';

/** A demo document's title in each language. */
export type DemoDocument = { fr: string; en: string };
export type DemoListing = ProductInput & { illustration: Illustration; images: number; documents?: DemoDocument[] };

const DATA_SHEET: DemoDocument = { fr: 'Fiche technique', en: 'Data sheet' };
const OUTLINE: DemoDocument = { fr: 'Plan d’encombrement', en: 'Outline drawing' };

type Row = [Illustration, string, string, number, PowerUnit, 'new' | 'used', number | null, boolean, number, Partial<ProductInput>?];

// kind, brand, model, power, unit, condition, price (null = on request), featured, year, extras
const ROWS: Row[] = [
  ['engine', 'Caterpillar', 'C18 ACERT', 1015, 'hp', 'new', 189000, true, 2024, { weight: 2134, length: 1740, width: 1110, height: 1270 }],
  [
    'engine',
    'Caterpillar',
    'C32 ACERT',
    1600,
    'hp',
    'used',
    145000,
    false,
    2016,
    { weight: 3765, length: 2210, width: 1520, height: 1540 },
  ],
  ['engine', 'Caterpillar', 'C12.9', 1000, 'cv', 'new', null, true, 2025, { weight: 1490 }],
  ['engine', 'Caterpillar', '3406E', 600, 'hp', 'used', 38500, false, 2009, { weight: 1600, length: 1650, width: 990, height: 1200 }],
  ['engine', 'Volvo Penta', 'D13-900', 900, 'cv', 'new', 142000, false, 2024, { weight: 1420 }],
  ['engine', 'Volvo Penta', 'D6-440', 440, 'cv', 'used', 27900, false, 2018, { weight: 740, length: 1200, width: 860, height: 830 }],
  ['engine', 'Cummins', 'QSM11', 610, 'hp', 'used', 41000, false, 2014, { weight: 1165 }],
  ['engine', 'Yanmar', '6LY440', 440, 'hp', 'new', 58000, false, 2025, { weight: 640, length: 1230, width: 800, height: 790 }],
  ['engine', 'Nanni', 'N4.115', 115, 'cv', 'new', 18900, false, 2025, { weight: 340 }],
  ['engine', 'MAN', 'V8-1000', 735, 'kw', 'used', null, false, 2015, { weight: 2080, category: 'Moteurs' }],
  [
    'generator',
    'Caterpillar',
    'C15 GC',
    500,
    'kva',
    'new',
    98000,
    true,
    2024,
    { weight: 4300, length: 4800, width: 1700, height: 2300, voltage: '400V', phase: '3' },
  ],
  ['generator', 'Caterpillar', 'C4.4 Marine', 99, 'ekw', 'new', 42500, true, 2025, { weight: 1120, voltage: '400V', phase: '3' }],
  ['generator', 'Kohler', '40EFOZD', 40, 'ekw', 'used', 16500, false, 2017, { weight: 720, voltage: '230V', phase: '1' }],
  [
    'generator',
    'SDMO',
    'J110K',
    110,
    'kva',
    'used',
    14900,
    false,
    2012,
    { weight: 1450, length: 2650, width: 1100, height: 1600, voltage: '400V', phase: '3', category: 'Industriel' },
  ],
  ['generator', 'Onan', 'MDKBV 21.5', 21.5, 'kw', 'new', 23800, false, 2024, { weight: 460, voltage: '230V', phase: '1' }],
  [
    'generator',
    'Perkins',
    '1104A-44TG',
    80,
    'kva',
    'new',
    null,
    false,
    2025,
    { weight: 1050, voltage: '400V', phase: '3', category: 'Industriel' },
  ],
  [
    'generator',
    'Caterpillar',
    '3512B',
    1500,
    'kva',
    'used',
    185000,
    false,
    2008,
    { weight: 14500, length: 6000, width: 2200, height: 2700, voltage: '400V', phase: '3', category: 'Industriel' },
  ],
  ['gearbox', 'ZF Marine', 'ZF 325-1A', 441, 'kw', 'new', 14500, false, 2025, { weight: 125, fuelType: 'N/A' }],
  ['gearbox', 'Twin Disc', 'MG-5114A', 640, 'hp', 'used', 8900, false, 2013, { weight: 290, fuelType: 'N/A' }],
  ['gearbox', 'Reintjes', 'WAF 363', 1100, 'kw', 'used', null, false, 2011, { weight: 940, fuelType: 'N/A' }],
  ['propeller', 'Michigan Wheel', 'Dyna-Quad 28"', 500, 'hp', 'new', 3400, false, 2025, { weight: 48, fuelType: 'N/A' }],
  ['propeller', 'Teignbridge', 'Hélice 5 pales 32"', 900, 'hp', 'used', 2100, false, 2016, { weight: 85, fuelType: 'N/A' }],
  ['shaft', 'Tides Marine', 'Ligne d’arbre 60 mm', 700, 'hp', 'new', 6200, false, 2025, { weight: 160, length: 4500, fuelType: 'N/A' }],
  ['shaft', 'Vetus', 'Ligne d’arbre 45 mm', 300, 'cv', 'used', 1900, false, 2019, { weight: 70, length: 3000, fuelType: 'N/A' }],
  [
    'engine',
    'Caterpillar',
    'C7.1',
    550,
    'hp',
    'new',
    76000,
    false,
    2025,
    {
      weight: 910,
      category: 'Moteurs',
      descriptionFr: 'Moteur industriel pour pompes et compresseurs.',
      descriptionEn: 'Industrial engine for pumps and compressors.',
    },
  ],
  ['generator', 'Kohler', '99EFOZD', 99, 'ekw', 'new', null, false, 2025, { weight: 1300, voltage: '400V', phase: '3' }],
];

const TEXT: Record<
  Illustration,
  { fr: (b: string, m: string) => [string, string]; en: (b: string, m: string) => [string, string]; category: ProductInput['category'] }
> = {
  engine: {
    fr: (b, m) => [
      `Moteur marin ${b} ${m}`,
      `Moteur diesel marin ${b} ${m}, pour navires de travail, de pêche et de plaisance. Livré avec son tableau de bord, contrôlé par notre atelier de Salon-de-Provence.`,
    ],
    en: (b, m) => [
      `${b} ${m} marine engine`,
      `${b} ${m} marine diesel engine for work, fishing and leisure boats. Supplied with its instrument panel, checked by our workshop in Salon-de-Provence.`,
    ],
    category: 'Marine',
  },
  generator: {
    fr: (b, m) => [
      `Groupe électrogène ${b} ${m}`,
      `Groupe électrogène diesel ${b} ${m}, capoté et insonorisé, prêt à raccorder. Essai en charge réalisé avant livraison.`,
    ],
    en: (b, m) => [
      `${b} ${m} generator set`,
      `${b} ${m} diesel generator set, enclosed and soundproofed, ready to connect. Load-tested before delivery.`,
    ],
    category: 'Groupes électrogènes',
  },
  gearbox: {
    fr: (b, m) => [
      `Inverseur réducteur ${b} ${m}`,
      `Inverseur réducteur marin ${b} ${m}, rapports disponibles sur demande. Révisé, joints neufs.`,
    ],
    en: (b, m) => [
      `${b} ${m} marine gearbox`,
      `${b} ${m} marine reduction gearbox, ratios available on request. Overhauled with new seals.`,
    ],
    category: 'Pièces détachées',
  },
  propeller: {
    fr: (b, m) => [`Hélice ${b} ${m}`, `Hélice en bronze ${b} ${m}, équilibrée, pas et diamètre adaptés à votre carène.`],
    en: (b, m) => [`${b} ${m} propeller`, `${b} ${m} bronze propeller, balanced, pitch and diameter matched to your hull.`],
    category: 'Pièces détachées',
  },
  shaft: {
    fr: (b, m) => [`${m} ${b}`, `${m} ${b} en inox, avec palier, presse-étoupe et accouplement.`],
    en: (b, m) => [
      `${b} ${m.replace('Ligne d’arbre', 'shaft line')}`,
      `${b} stainless steel ${m.replace('Ligne d’arbre', 'shaft line')} with bearing, stern gland and coupling.`,
    ],
    category: 'Pièces détachées',
  },
};

export function demoListings(): DemoListing[] {
  return ROWS.map(([kind, brand, model, power, unit, condition, price, featured, year, extra = {}], i) => {
    const [titleFr, descriptionFr] = TEXT[kind].fr(brand, model);
    const [titleEn, descriptionEn] = TEXT[kind].en(brand, model);
    const generator = kind === 'generator';
    const base: DemoListing = {
      titleFr,
      titleEn,
      descriptionFr,
      descriptionEn,
      type: generator ? 'generator' : 'engine',
      category: TEXT[kind].category,
      brand,
      model,
      condition,
      powerOutput: power,
      powerUnit: unit,
      fuelType: 'Diesel',
      voltage: null,
      phase: null,
      weight: 100,
      length: null,
      width: null,
      height: null,
      price,
      featured,
      year,
      ...specifications(kind, condition, i),
      illustration: kind,
      images: featured ? 4 : 3,
      documents: i % 4 === 0 ? [DATA_SHEET, OUTLINE] : i % 3 === 0 ? [DATA_SHEET] : [],
    };
    return { ...base, ...extra } as DemoListing;
  });
}

/** Each row's French value and English value, under the French name (translated from the domain's list). */
function specifications(kind: Illustration, condition: string, i: number): Pick<ProductInput, 'specifications' | 'specificationsEn'> {
  const rows: [string, string, string][] = [];
  if (kind === 'engine' || kind === 'generator') {
    const cylinders = String([4, 6, 8, 12][i % 4]);
    rows.push(['Cylindres', cylinders, cylinders]);
    rows.push(
      i % 2
        ? ['Refroidissement', 'Échangeur eau de mer', 'Seawater heat exchanger']
        : ['Refroidissement', 'Refroidissement par la coque', 'Keel cooling'],
    );
  }
  if (kind === 'gearbox') {
    const ratio = ['2,03:1', '2,5:1', '3,0:1'][i % 3]!;
    rows.push(['Rapport', ratio, ratio.replace(',', '.')]);
  }
  if (kind === 'propeller') rows.push(['Pales', String(4 + (i % 2)), String(4 + (i % 2))]);
  if (condition === 'used') {
    const hours = 1200 + ((i * 737) % 9000);
    rows.push(['Heures de fonctionnement', new Intl.NumberFormat('fr-FR').format(hours), new Intl.NumberFormat('en-GB').format(hours)]);
  }
  rows.push(condition === 'new' ? ['Garantie', '24 mois', '24 months'] : ['Garantie', '6 mois', '6 months']);
  return {
    specifications: Object.fromEntries(rows.map(([k, fr]) => [k, fr])),
    specificationsEn: Object.fromEntries(rows.map(([k, , en]) => [k, en])),
  };
}

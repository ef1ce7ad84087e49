// The common specification names, French (as the admin types them) to English, so an English page
// never shows a French row name. A name not listed here shows as typed.
const SPEC_KEYS_EN: Record<string, string> = {
  Cylindres: 'Cylinders',
  Cylindrée: 'Displacement',
  Refroidissement: 'Cooling',
  Garantie: 'Warranty',
  'Heures de fonctionnement': 'Operating hours',
  Heures: 'Hours',
  Rapport: 'Ratio',
  'Rapport de réduction': 'Reduction ratio',
  Pales: 'Blades',
  Diamètre: 'Diameter',
  Pas: 'Pitch',
  Régime: 'Speed',
  'Régime nominal': 'Rated speed',
  Couple: 'Torque',
  Consommation: 'Fuel consumption',
  Alésage: 'Bore',
  Course: 'Stroke',
  Aspiration: 'Aspiration',
  Turbo: 'Turbocharger',
  Démarrage: 'Starting',
  Fréquence: 'Frequency',
  'Facteur de puissance': 'Power factor',
  Capotage: 'Enclosure',
  Insonorisation: 'Sound proofing',
  'Niveau sonore': 'Noise level',
  Réservoir: 'Fuel tank',
  Autonomie: 'Running time',
  Alternateur: 'Alternator',
  Inverseur: 'Gearbox',
  Matériau: 'Material',
  Rotation: 'Rotation',
  Émissions: 'Emissions',
  Norme: 'Standard',
  Certification: 'Certification',
  État: 'Condition',
  Origine: 'Origin',
  Révision: 'Overhaul',
};

const fold = (s: string) => s.normalize('NFC').trim().toLowerCase();
const BY_FOLDED = new Map(Object.entries(SPEC_KEYS_EN).map(([fr, en]) => [fold(fr), en]));

/** A specification's name in the page's language: 'Cylindres' → 'Cylinders'; unknown names as typed. */
export function specificationLabel(key: string, lang: 'fr' | 'en'): string {
  return lang === 'en' ? (BY_FOLDED.get(fold(key)) ?? key) : key;
}

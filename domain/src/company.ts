// The company's public details: one typed configuration with demo defaults, overridable by environment.
import { z } from 'zod';

export const CompanySchema = z.object({
  name: z.string(),
  brand: z.string(), // used in mail subjects: 'Re: Votre demande via {brand}'
  legalForm: z.string(),
  capital: z.string(),
  siret: z.string(),
  vatNumber: z.string(),
  director: z.string(),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
  map: z.object({ lat: z.number(), lng: z.number() }),
  phone: z.object({ fr: z.string(), en: z.string() }),
  email: z.object({ fr: z.string(), en: z.string() }),
  /** Messaging-app (WhatsApp) numbers in international form, digits only. */
  messaging: z.object({ fr: z.string(), en: z.string() }),
  /** Host name on which English is the default language (spec section 4). */
  englishHost: z.string(),
  host: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  foundedYear: z.number().int(),
});
export type Company = z.infer<typeof CompanySchema>;

export const demoCompany: Company = {
  name: 'Provence Moteurs',
  brand: 'Provence Moteurs',
  legalForm: 'SARL',
  capital: '20 000 €',
  siret: '812 345 678 00019',
  vatNumber: 'FR 12 812345678',
  director: 'Marc Giraud',
  address: { street: '145 Avenue de la Patrouille de France', postalCode: '13300', city: 'Salon-de-Provence', country: 'France' },
  map: { lat: 43.6403, lng: 5.097 },
  phone: { fr: '+33 4 90 00 00 00', en: '+33 6 00 00 00 00' },
  email: { fr: 'contact@provence-moteurs.fr', en: 'sales@provence-moteurs.com' },
  messaging: { fr: '33490000000', en: '33600000000' },
  englishHost: 'provence-moteurs.com',
  host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix, France', phone: '+33 9 72 10 10 07' },
  foundedYear: 2012,
};

/** Reads COMPANY_* variables over the demo defaults, e.g. COMPANY_NAME, COMPANY_PHONE_FR, COMPANY_ENGLISH_HOST. */
export function companyFromEnv(env: Record<string, string | undefined>): Company {
  const pick = (key: string, fallback: string) => env[`COMPANY_${key}`]?.trim() || fallback;
  const d = demoCompany;
  return CompanySchema.parse({
    ...d,
    name: pick('NAME', d.name),
    brand: pick('BRAND', pick('NAME', d.brand)),
    siret: pick('SIRET', d.siret),
    vatNumber: pick('VAT_NUMBER', d.vatNumber),
    director: pick('DIRECTOR', d.director),
    capital: pick('CAPITAL', d.capital),
    address: { ...d.address, street: pick('STREET', d.address.street), postalCode: pick('POSTAL_CODE', d.address.postalCode) },
    phone: { fr: pick('PHONE_FR', d.phone.fr), en: pick('PHONE_EN', d.phone.en) },
    email: { fr: pick('EMAIL_FR', d.email.fr), en: pick('EMAIL_EN', d.email.en) },
    messaging: { fr: pick('MESSAGING_FR', d.messaging.fr), en: pick('MESSAGING_EN', d.messaging.en) },
    englishHost: pick('ENGLISH_HOST', d.englishHost),
  });
}

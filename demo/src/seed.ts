// Demo data: `pnpm db:seed` loads the bilingual demo catalogue (pictures drawn locally and stored
// through the same image service as uploads, PDFs, technical documents, messages, subscribers);
// `--force` replaces an existing catalogue; `--first-run` (run by `npm start`, scripts/start.ts) loads
// the demo once per database and is silent afterwards; `--one-picture` (for tests that weigh the pages,
// not the pictures) encodes one picture and gives every listing copies of it. The API's services come through its one
// seeding entry point (@app/api/seeding). Generated catalogues for benchmarks: tests/bench/seed-listings.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { first, row, tablesOf } from '@app/db';
import {
  createProduct,
  deleteProduct,
  encodeImage,
  insertImage,
  insertProductDocument,
  keepFile,
  openSeedDeps,
  type Deps,
  type Storage,
  type StoredImage,
} from '@app/api/seeding';
import { demoListings } from './seed-catalogue.ts';
import { illustrationSvg, makePdf, type Illustration } from './seed-assets.ts';
import { paintOf } from './seed-illustrations.ts';

const DAY = 86_400_000;
/**
 * Dates are fixed offsets before the day the demo is loaded (yesterday, 09:00 UTC): the same shape
 * every time, and a demo that looks alive — recent listings, messages within the dashboard's weeks.
 */
const EPOCH = (() => {
  const d = new Date(Date.now() - DAY);
  d.setUTCHours(9, 0, 0, 0);
  return d.getTime();
})();

export const picture = (kind: Illustration, variant: number, label: string, view = 0) =>
  sharp(Buffer.from(illustrationSvg(kind, variant, label, view)))
    .png()
    .toBuffer();

const countProducts = async (deps: Deps) => (await row<{ n: number }>(deps.db, sql`select count(*) as n from products`))!.n;

/** Removes every listing (with its files) and the technical library. */
export async function clearCatalogue(deps: Deps) {
  const tables = tablesOf(deps.db);
  for (const { id } of await deps.db.select({ id: tables.products.id }).from(tables.products))
    await deleteProduct(deps, deps.db, id, (removeFiles) => removeFiles());
  const storage = deps.storage;
  for (const { key } of await deps.db.select({ key: tables.technicalDocuments.storageKey }).from(tables.technicalDocuments))
    storage.removeDocument(key);
  await deps.db.delete(tables.technicalDocuments);
}

export type SeedResult = { skipped: boolean; products: number; images: number; documents: number; technicalDocuments: number };

/**
 * Loads the demo catalogue unless listings already exist (then it does nothing, unless force). With
 * onePicture, every picture is a copy of the first one: all are drawn at the same size, so each keeps its
 * variants, its alt text and its place, and the pages' HTML is as long as with every picture, but one
 * encode replaces 44 (about a second of CPU each).
 */
export async function seedDemoData(deps: Deps, options: { force?: boolean; onePicture?: boolean } = {}): Promise<SeedResult> {
  const tables = tablesOf(deps.db);
  const result: SeedResult = { skipped: false, products: 0, images: 0, documents: 0, technicalDocuments: 0 };
  if ((await countProducts(deps)) > 0) {
    if (!options.force) return { ...result, skipped: true };
    await clearCatalogue(deps);
  }
  const listings = demoListings();
  const ids: number[] = [];
  const pictures: { productId: number; alt: string; picture: string }[] = [];
  // Same maker, same kind, same view: the same picture. Each is encoded once (the slow part),
  // then copied into every listing that shows it, so each listing still owns its files.
  const encodes = new Map<string, () => Promise<StoredImage>>();
  for (const [i, listing] of listings.entries()) {
    const { illustration, images, documents = [], ...input } = listing;
    const product = await createProduct(deps, deps.db, input);
    const createdAt = new Date(EPOCH - (listings.length - i) * 2.5 * DAY);
    await deps.db
      .update(tables.products)
      .set({ createdAt, updatedAt: createdAt })
      .where(sql`id = ${product.id}`);
    ids.push(product.id);
    result.products++;
    for (let n = 0; n < images; n++) {
      const alt = n === 0 ? input.titleFr : `${input.titleFr} (vue ${n + 1})`;
      const paint = paintOf(input.brand);
      const id = options.onePicture ? 'one' : `${illustration}-${paint}-${n}`;
      if (!encodes.has(id)) encodes.set(id, async () => encodeImage(deps.storage, await picture(illustration, paint, input.brand, n)));
      pictures.push({ productId: product.id, alt, picture: id });
      result.images++;
    }
    for (const { fr: title, en: titleEn } of documents) {
      const pdf = makePdf(`${title} - ${input.brand} ${input.model}`, [
        `${input.titleFr} / ${input.titleEn}`,
        `Puissance / Power: ${input.powerOutput} ${input.powerUnit}`,
        `Poids / Weight: ${input.weight} kg`,
        ...Object.entries(input.specifications).map(([k, v]) => `${k}: ${v}`),
        'Document de démonstration - Provence Moteurs, Salon-de-Provence',
      ]);
      const key = keepFile(deps.storage, pdf);
      const name = `${title} ${input.brand} ${input.model}.pdf`.replace(/[’"/\\]/g, ' ').replace(/\s+/g, ' ');
      await insertProductDocument(
        deps.db,
        product.id,
        { key, mimeType: 'application/pdf', kind: 'pdf', originalFilename: name, size: pdf.length },
        { title, titleEn, descriptionFr: 'Document constructeur', descriptionEn: 'Manufacturer document' },
      );
      result.documents++;
    }
  }
  // The same image service as uploads; two encodes at a time, then rows inserted in listing order (cover first).
  const encoded = new Map((await inPairs([...encodes.values()])).map((stored, i) => [[...encodes.keys()][i]!, stored]));
  const used = new Set<string>();
  for (const p of pictures) {
    const stored = encoded.get(p.picture)!;
    await insertImage(deps.db, p.productId, used.has(p.picture) ? copyImage(deps.storage, stored) : stored, p.alt);
    used.add(p.picture);
  }
  result.technicalDocuments = await seedTechnicalLibrary(deps, ids);
  await seedMessagesAndSubscribers(deps);
  return result;
}

/** A copy of an encoded image's files under a new key: listings never share a folder. */
function copyImage(storage: Storage, stored: StoredImage): StoredImage {
  const key = storage.newKey();
  fs.cpSync(storage.imageDir(stored.key), storage.imageDir(key), { recursive: true });
  return { ...stored, key };
}

async function inPairs<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += 2) out.push(...(await Promise.all(tasks.slice(i, i + 2).map((task) => task()))));
  return out;
}

async function seedTechnicalLibrary(deps: Deps, productIds: number[]): Promise<number> {
  const tables = tablesOf(deps.db);
  const docs: {
    title: string;
    titleFr: string;
    titleEn: string;
    descriptionFr: string;
    descriptionEn: string;
    product?: number;
    lines: string[];
  }[] = [
    {
      title: 'Guide d’entretien moteurs marins',
      titleFr: 'Guide d’entretien des moteurs marins',
      titleEn: 'Marine engine maintenance guide',
      descriptionFr: 'Intervalles de vidange, filtres et anodes.',
      descriptionEn: 'Oil change intervals, filters and anodes.',
      lines: ['Vidange : toutes les 250 heures', 'Filtres à carburant : toutes les 500 heures', 'Anodes : contrôle à chaque carénage'],
    },
    {
      title: 'Dimensionner un groupe électrogène',
      titleFr: 'Dimensionner un groupe électrogène',
      titleEn: 'Sizing a generator set',
      descriptionFr: 'kVA, kW et facteur de puissance expliqués.',
      descriptionEn: 'kVA, kW and power factor explained.',
      lines: ['kW = kVA x facteur de puissance (0,8)', 'Prévoir 25 % de marge au démarrage des moteurs'],
    },
    {
      title: 'Fiche technique Caterpillar C18',
      titleFr: 'Fiche technique Caterpillar C18',
      titleEn: 'Caterpillar C18 data sheet',
      descriptionFr: 'Courbes de puissance et de consommation.',
      descriptionEn: 'Power and fuel consumption curves.',
      product: productIds[0],
      lines: ['Puissance : 1015 HP à 2300 tr/min', 'Cylindrée : 18,1 L'],
    },
    {
      title: 'Choisir son hélice',
      titleFr: 'Choisir son hélice',
      titleEn: 'Choosing a propeller',
      descriptionFr: 'Diamètre, pas et nombre de pales.',
      descriptionEn: 'Diameter, pitch and blade count.',
      lines: ['Le pas détermine la vitesse théorique', 'Plus de pales : moins de vibrations'],
    },
    {
      title: 'Alignement d’une ligne d’arbre',
      titleFr: 'Alignement d’une ligne d’arbre',
      titleEn: 'Aligning a shaft line',
      descriptionFr: 'Procédure et tolérances.',
      descriptionEn: 'Procedure and tolerances.',
      lines: ['Tolérance : 0,05 mm par 100 mm de diamètre d’accouplement'],
    },
  ];
  let n = 0;
  for (const [i, d] of docs.entries()) {
    const pdf = makePdf(d.titleFr, d.lines);
    const key = keepFile(deps.storage, pdf);
    const createdAt = new Date(EPOCH - (docs.length - i) * 7 * DAY);
    await deps.db.insert(tables.technicalDocuments).values({
      title: d.title,
      titleFr: d.titleFr,
      titleEn: d.titleEn,
      descriptionFr: d.descriptionFr,
      descriptionEn: d.descriptionEn,
      type: 'pdf',
      mimeType: 'application/pdf',
      storageKey: key,
      originalFilename: `${d.titleFr}.pdf`.replace(/’/g, "'"),
      size: pdf.length,
      downloadCount: (i * 7) % 23,
      productId: d.product ?? null,
      createdAt,
      updatedAt: createdAt,
    });
    n++;
  }
  const diagram = await sharp(Buffer.from(illustrationSvg('generator', 2, 'Schéma de raccordement')))
    .png()
    .toBuffer();
  const key = keepFile(deps.storage, diagram);
  await deps.db.insert(tables.technicalDocuments).values({
    title: 'Schéma de raccordement triphasé',
    titleFr: 'Schéma de raccordement triphasé',
    titleEn: 'Three-phase wiring diagram',
    descriptionFr: 'Raccordement 400 V d’un groupe électrogène.',
    descriptionEn: 'Wiring a 400 V generator set.',
    type: 'image',
    mimeType: 'image/png',
    storageKey: key,
    originalFilename: 'schema-raccordement.png',
    size: diagram.length,
  });
  return n + 1;
}

async function seedMessagesAndSubscribers(deps: Deps) {
  const tables = tablesOf(deps.db);
  const inquiries = [
    {
      name: 'Jean-Marc Olivier',
      email: 'jm.olivier@example.fr',
      phone: '+33 6 12 34 56 78',
      message: 'Bonjour, le Caterpillar C18 est-il toujours disponible ? Pouvez-vous me faire une offre livrée à Sète ?',
      language: 'fr',
      productReference: 'Caterpillar C18 ACERT',
    },
    {
      name: 'Sarah Collins',
      email: 'sarah.collins@example.co.uk',
      phone: null,
      message: 'Hello, I am looking for a 99 ekW marine generator for a 24 m yacht. What lead time can you offer?',
      language: 'en',
      productReference: null,
    },
    {
      name: 'Chantier naval du Golfe',
      email: 'atelier@example.com',
      phone: '+33 4 90 00 00 00',
      message: 'Nous cherchons un inverseur ZF 325 avec rapport 2.5:1. Merci de nous indiquer prix et délai.',
      language: 'fr',
      productReference: 'ZF 325-1A',
    },
  ];
  for (const [i, inq] of inquiries.entries()) {
    await deps.db.insert(tables.inquiries).values({ ...inq, createdAt: new Date(EPOCH - [23, 9, 1][i]! * DAY) });
  }
  const subscribers = [
    { email: 'capitaine.martin@example.fr', language: 'fr', isActive: true },
    { email: 'fleet.manager@example.com', language: 'en', isActive: true },
    { email: 'ancien.client@example.fr', language: 'fr', isActive: false },
  ];
  for (const [i, s] of subscribers.entries()) {
    const at = new Date(EPOCH - (10 - i) * DAY);
    await deps.db
      .insert(tables.newsletterSubscribers)
      .values({
        ...s,
        unsubscribeToken: randomBytes(24).toString('base64url'),
        confirmedAt: s.isActive ? at : null,
        unsubscribedAt: s.isActive ? null : at,
        consentAt: at,
        consentPage: '/',
        consentLanguage: s.language,
        subscribedAt: at,
      })
      .onConflictDoNothing();
  }
}

const DEMO_MARKER = 'demo-data-loaded-at';

/**
 * The demo catalogue is loaded on the database's first run only: a marker in app_meta remembers it,
 * so an administrator who deletes every listing does not get the demo back at the next restart.
 */
export async function seedOnFirstRun(deps: Deps): Promise<void> {
  const tables = tablesOf(deps.db);
  const { db } = deps;
  if (
    await first(
      db
        .select()
        .from(tables.appMeta)
        .where(sql`${tables.appMeta.key} = ${DEMO_MARKER}`),
    )
  )
    return;
  const started = Date.now();
  const result = await seedDemoData(deps, { force: false });
  await db.insert(tables.appMeta).values({ key: DEMO_MARKER, value: new Date().toISOString() }).onConflictDoNothing();
  if (!result.skipped) {
    process.stdout.write(
      `Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.products} listings, ${result.images} images.\n`,
    );
  }
}

async function main(argv: string[]) {
  const deps = await openSeedDeps();
  if (argv.includes('--first-run')) {
    await seedOnFirstRun(deps);
    await deps.db.$close();
    return;
  }
  const started = Date.now();
  const result = await seedDemoData(deps, { force: argv.includes('--force'), onePicture: argv.includes('--one-picture') });
  process.stdout.write(
    result.skipped
      ? 'The catalogue already has listings: nothing loaded (use --force to replace it with the demo catalogue).\n'
      : `Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.products} listings, ${result.images} images, ${result.documents} documents, ${result.technicalDocuments} technical documents.\n`,
  );
  await deps.db.$close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

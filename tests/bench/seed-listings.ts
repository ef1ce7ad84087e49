// Generated catalogues for benchmarks and load tests: `node tests/bench/seed-listings.ts <count> [--force]`
// adds <count> listings (1 to 1,000,000) made from the demo's, to the database DATABASE_URL or
// DATABASE_PATH names, migrated first; `--force` removes the existing catalogue first. The demo catalogue
// itself is `npm run db:seed` (demo/src/seed.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { exec, tablesOf, type schema } from '@app/db';
import { toKw } from '@app/domain/power';
import { encodeImage, openSeedDeps, type Deps, type StoredImage } from '@app/api/seeding';
import { clearCatalogue, picture } from '@app/demo/seed';
import type { Illustration } from '@app/demo/seed-assets';
import { demoListings } from '@app/demo/seed-catalogue';

/**
 * Adds `count` generated listings in one transaction (batched inserts). Pictures: a few are encoded
 * once, then each listing's image folder is a symbolic link to one of them (no 10,000 encodes).
 */
export async function seedBenchmarkListings(deps: Deps, count: number): Promise<number> {
  const demo = demoListings();
  const storage = deps.storage;
  const bases: StoredImage[] = [];
  for (const [i, kind] of (['engine', 'generator', 'gearbox', 'propeller', 'shaft', 'engine'] as Illustration[]).entries()) {
    bases.push(await encodeImage(deps.storage, await picture(kind, i, `Bench ${kind}`)));
  }
  const now = Date.now();
  // One transaction per batch of 500 multi-row inserts: the handle's other users wait for one batch, not the whole seed.
  for (let start = 0; start < count; start += 500) {
    const rows: (typeof schema.products.$inferInsert)[] = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const d = demo[i % demo.length]!;
      const power = Math.round(d.powerOutput * (0.5 + ((i * 37) % 100) / 100));
      rows.push({
        ...d,
        titleFr: `${d.titleFr} n° ${i + 1}`,
        titleEn: `${d.titleEn} #${i + 1}`,
        powerOutput: power,
        powerKw: toKw(power, d.powerUnit),
        price: d.price === null ? null : Math.round(d.price * (0.6 + ((i * 13) % 80) / 100)),
        featured: false,
        year: 2000 + (i % 26),
        condition: i % 3 ? d.condition : d.condition === 'new' ? 'used' : 'new',
        createdAt: new Date(now - (count - i) * 60_000),
        updatedAt: new Date(now - (count - i) * 60_000),
      });
    }
    // The image folders first: no file I/O inside the transaction, which owns the connection.
    const folders = rows.map((_, j) => {
      const base = bases[(start + j) % bases.length]!;
      const key = storage.newKey();
      fs.symlinkSync(storage.imageDir(base.key), storage.imageDir(key), 'dir');
      return { storageKey: key, alt: '', position: 0, width: base.width, height: base.height, variants: base.variants };
    });
    await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(tablesOf(tx).products)
        .values(rows)
        .returning({ id: tablesOf(tx).products.id });
      await tx.insert(tablesOf(tx).productImages).values(inserted.map(({ id }, j) => ({ productId: id, ...folders[j]! })));
    });
  }
  // Fresh statistics, so that the search's planner knows the new catalogue (docs/decisions/077).
  await exec(deps.db, sql`ANALYZE`);
  return count;
}

async function main(argv: string[]) {
  const count = Number(argv.find((arg) => !arg.startsWith('--')));
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new Error('the listing count must be a whole number between 1 and 1,000,000');
  const deps = await openSeedDeps();
  const started = Date.now();
  if (argv.includes('--force')) await clearCatalogue(deps);
  await seedBenchmarkListings(deps, count);
  process.stdout.write(`Added ${count} generated listings in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  await deps.db.$close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

// `node demo/src/site-images.ts`: redraws the public site's static pictures (home hero, "Nos
// valeurs", the default product picture) in the demo catalogue's style. The output is committed;
// rerun after changing seed-illustrations.ts. Deterministic: the same drawing gives the same files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heroSvg, productSvg, valuesSvg } from './seed-illustrations.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/public/images');

/** One WebP per width: the page picks with srcset. */
async function webp(name: string, svg: string, widths: number[]) {
  for (const width of widths) {
    const file = path.join(out, `${name}-${width}.webp`);
    await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 78, effort: 6 }).toFile(file);
    process.stdout.write(`${path.relative(process.cwd(), file)} ${fs.statSync(file).size} bytes\n`);
  }
}

await webp('hero', heroSvg(), [800, 1600]);
await webp('values', valuesSvg(), [640, 1280]);
// Shown when a listing has no picture; kept as SVG (the layout and the structured data link it).
fs.writeFileSync(path.join(out, 'default-generator.svg'), productSvg('generator', 3, 0, 'Groupe électrogène'));
fs.writeFileSync(path.join(out, 'values.svg'), valuesSvg());

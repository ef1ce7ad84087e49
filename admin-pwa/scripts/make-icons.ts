// Regenerates the PWA icons (public/icons/*.png) from one SVG with sharp; nothing is downloaded.
// Run: node admin-pwa/scripts/make-icons.ts (from the repository root, Node 24).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const sharp = createRequire(path.join(here, '../../api/package.json'))('sharp');
const out = path.join(here, '../public/icons');

/** A propeller-like mark on the brand colour; `inset` keeps the mark in the maskable safe zone. */
const svg = (
  size: number,
  inset: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${inset ? 0 : 18}" fill="#0b3d5c"/>
  <g transform="translate(50 50) scale(${inset ? 0.62 : 0.85})" fill="#ffffff">
    <circle r="9"/>
    <path d="M0-8 C12-20 10-38 0-44 C-6-36 -8-20 0-8Z"/>
    <path d="M0-8 C12-20 10-38 0-44 C-6-36 -8-20 0-8Z" transform="rotate(120)"/>
    <path d="M0-8 C12-20 10-38 0-44 C-6-36 -8-20 0-8Z" transform="rotate(240)"/>
  </g>
  <text x="50" y="94" text-anchor="middle" font-family="sans-serif" font-size="${inset ? 0 : 11}" font-weight="700" fill="#e07a1f">PM</text>
</svg>`;

for (const [name, size, inset] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['maskable-512.png', 512, 1],
  ['apple-touch-icon.png', 180, 0],
] as const) {
  await sharp(Buffer.from(svg(size, inset)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}
console.log('icons written to', out);

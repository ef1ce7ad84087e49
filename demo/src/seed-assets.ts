// Demo files made on the spot, nothing downloaded: small valid PDFs, and the SVG pictures of
// engines, generator sets, gearboxes, propellers and shaft lines (rendered to pictures by sharp).
import { productSvg, type Illustration } from './seed-illustrations.ts';

/** A one-page A4 PDF with a title and lines of text (Helvetica, WinAnsi: French accents print). */
export function makePdf(title: string, lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (ch) => `\\${ch}`).replace(/[^\x20-\xff]/g, '?');
  const content = [
    'BT /F1 20 Tf 56 770 Td',
    `(${esc(title)}) Tj`,
    '/F1 11 Tf 0 -34 Td 15 TL',
    ...lines.map((l) => `(${esc(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type { Illustration } from './seed-illustrations.ts';

/** One view of a product (see seed-illustrations.ts); the label is metadata, never drawn. */
export const illustrationSvg = (kind: Illustration, paint: number, label: string, view = 0) => productSvg(kind, paint, view, label);

// Demo files made on the spot, nothing downloaded: small valid PDFs and SVG illustrations of
// engines, generator sets, gearboxes, propellers and shaft lines (rendered to pictures by sharp).

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

export type Illustration = 'engine' | 'generator' | 'gearbox' | 'propeller' | 'shaft';

const PALETTES = [
  ['#0b3d5c', '#e8eef2', '#d94f2b'],
  ['#1f4e3d', '#eef3ee', '#f2a900'],
  ['#3b3b58', '#f1f0f6', '#2a9d8f'],
  ['#5c2a0b', '#f6efe8', '#264653'],
  ['#123047', '#eaf2f7', '#e76f51'],
  ['#2d2d2d', '#f4f4f4', '#c1121f'],
];

/** A 1200×800 SVG drawing of the kind of product; variant picks colours and details (deterministic). */
export function illustrationSvg(kind: Illustration, variant: number, label: string): string {
  const [ink, paper, accent] = PALETTES[variant % PALETTES.length]!;
  const esc = (s: string) => s.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const shapes: Record<Illustration, string> = {
    engine: `
      <rect x="300" y="300" width="560" height="260" rx="24" fill="${ink}"/>
      <rect x="340" y="220" width="480" height="90" rx="12" fill="${accent}"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${360 + i * 76}" y="240" width="52" height="50" rx="6" fill="${paper}" opacity=".85"/>`).join('')}
      <circle cx="900" cy="430" r="90" fill="none" stroke="${ink}" stroke-width="28"/>
      <rect x="240" y="560" width="680" height="40" rx="8" fill="${ink}" opacity=".7"/>`,
    generator: `
      <rect x="220" y="260" width="760" height="340" rx="20" fill="${accent}"/>
      <rect x="260" y="300" width="420" height="260" rx="10" fill="${ink}" opacity=".9"/>
      ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="290" y="${320 + i * 34}" width="360" height="14" rx="7" fill="${paper}" opacity=".5"/>`).join('')}
      <rect x="720" y="310" width="220" height="140" rx="10" fill="${paper}"/>
      <circle cx="770" cy="380" r="28" fill="${ink}"/><circle cx="860" cy="380" r="28" fill="${ink}"/>
      <rect x="200" y="600" width="800" height="36" rx="8" fill="${ink}"/>`,
    gearbox: `
      <rect x="380" y="280" width="420" height="300" rx="40" fill="${ink}"/>
      <circle cx="520" cy="420" r="90" fill="${accent}"/><circle cx="680" cy="440" r="60" fill="${paper}"/>
      <rect x="160" y="400" width="220" height="40" rx="10" fill="${ink}" opacity=".8"/>
      <rect x="800" y="420" width="260" height="40" rx="10" fill="${ink}" opacity=".8"/>`,
    propeller: `
      <g transform="translate(600 420)">
        ${[0, 90, 180, 270].map((a) => `<ellipse cx="0" cy="-140" rx="70" ry="150" fill="${accent}" transform="rotate(${a + variant * 7})"/>`).join('')}
        <circle r="60" fill="${ink}"/><circle r="22" fill="${paper}"/>
      </g>`,
    shaft: `
      <rect x="120" y="395" width="960" height="50" rx="25" fill="${ink}"/>
      ${[260, 600, 940].map((x) => `<rect x="${x - 40}" y="360" width="80" height="120" rx="12" fill="${accent}"/>`).join('')}
      <rect x="1000" y="330" width="60" height="180" rx="10" fill="${ink}" opacity=".7"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paper}"/><stop offset="1" stop-color="#c9d3da"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#g)"/>
  <rect y="660" width="1200" height="140" fill="${ink}" opacity=".08"/>
  ${shapes[kind]}
  <text x="60" y="740" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="${ink}">${esc(label)}</text>
</svg>`;
}

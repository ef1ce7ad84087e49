// The demo pictures: one low-poly studio style (same light, same backdrop, one palette) for every
// engine, generator set, gearbox, propeller and shaft line, in several views per product, and the
// home page's hero and values pictures. No text is drawn: captions belong to the page.
import { box, cylinder, plate, renderModel, type Frame, type Model, type V3, type View } from './render-3d.ts';

export type Illustration = 'engine' | 'generator' | 'gearbox' | 'propeller' | 'shaft';

const STEEL = '#a3adb8';
const LIGHT_STEEL = '#d5dbe1';
const DARK = '#323a44';
const BLACK = '#1d2228';
const BRONZE = '#c4923f';
/** Body colours of the range: signal yellow, marine blue, engine red, graphite, green, white. */
const BODY = ['#e0a91f', '#245b8c', '#a9362c', '#47525e', '#2f6f5e', '#e4e7ea'];

const moved = (model: Model, [dx, dy, dz]: V3, group: number): Model =>
  model.map((f) => ({ ...f, group, pts: f.pts.map(([x, y, z]) => [x + dx, y + dy, z + dz] as V3) }));

function engine(body: string): Model {
  return [
    ...box([-4, 0.2, -1.1], [7, 1, 2.2], DARK),
    ...box([-4.2, 1.2, -1.6], [7.4, 2.3, 3.2], body),
    ...box([-4, 3.5, -1.4], [7, 0.8, 2.8], body),
    ...box([-3.8, 4.3, -1.1], [6.6, 0.45, 2.2], LIGHT_STEEL),
    ...cylinder('x', [3.7, 2.3, 0], 2.2, 0.9, DARK, 28),
    ...cylinder('x', [-4.55, 1.8, 0], 0.9, 0.5, BLACK),
    ...cylinder('x', [-4.5, 3.1, 0.7], 0.45, 0.4, BLACK),
    ...cylinder('x', [-0.5, 3.0, 1.9], 0.42, 6.4, STEEL),
    ...cylinder('x', [-0.5, 3.3, -2.0], 0.6, 6.6, STEEL),
    ...cylinder('z', [2.6, 5.1, -0.9], 0.75, 1.1, STEEL),
    ...cylinder('y', [-2.2, 1.9, 1.95], 0.38, 1.1, LIGHT_STEEL),
    ...cylinder('y', [-1.2, 1.9, 1.95], 0.38, 1.1, LIGHT_STEEL),
    ...[-3.6, 2.2].flatMap((x) => [...box([x, 0, 1.6], [0.9, 0.35, 0.8], DARK), ...box([x, 0, -2.4], [0.9, 0.35, 0.8], DARK)]),
  ];
}

function generator(body: string): Model {
  return [
    ...box([-6.2, 0, -2.1], [12.4, 0.5, 0.5], DARK),
    ...box([-6.2, 0, 1.6], [12.4, 0.5, 0.5], DARK),
    ...box([-6.2, 0.5, -2.1], [12.4, 0.15, 4.2], '#3d4650'),
    ...box([-6.1, 0.65, -2], [0.9, 4.3, 4], DARK),
    ...box([-5.25, 1.1, -1.6], [0.12, 3.4, 3.2], '#56626e'),
    ...box([-4.6, 0.65, -1.3], [4.8, 2.3, 2.6], body),
    ...box([-4.4, 2.95, -1.1], [4.4, 0.7, 2.2], body),
    ...box([-4.2, 3.65, -0.9], [4, 0.35, 1.8], LIGHT_STEEL),
    ...cylinder('x', [2.4, 2.25, 0], 1.6, 4.0, body, 28),
    ...cylinder('x', [4.65, 2.25, 0], 1.25, 0.5, DARK, 28),
    ...box([1.0, 3.85, -1.1], [2.6, 1.7, 2.2], LIGHT_STEEL),
    ...box([1.5, 4.3, 1.1], [1.3, 0.8, 0.08], BLACK),
    ...cylinder('y', [-2.6, 4.6, -0.4], 0.32, 1.6, STEEL),
  ];
}

function gearbox(body: string): Model {
  return [
    ...box([-1.4, 0, -1.9], [2.8, 0.5, 0.6], DARK),
    ...box([-1.4, 0, 1.3], [2.8, 0.5, 0.6], DARK),
    ...box([-1.6, 0.5, -1.4], [3.2, 2.9, 2.8], body),
    ...cylinder('x', [-2.2, 2.2, 0], 1.7, 1.2, body, 28),
    ...cylinder('x', [2.0, 1.5, 0], 0.95, 0.5, STEEL, 24),
    ...cylinder('x', [2.7, 1.5, 0], 0.35, 1.0, STEEL),
    ...cylinder('x', [0, 3.9, 0.9], 0.4, 2.6, STEEL),
    ...box([-0.7, 3.4, -1.0], [1.4, 0.6, 1.2], LIGHT_STEEL),
    ...cylinder('y', [0.9, 3.7, -0.6], 0.12, 0.9, BLACK, 10),
  ];
}

function propeller(blades: number): Model {
  const hub: V3 = [0, 4.6, 0];
  const parts: Model = [...cylinder('z', hub, 0.85, 2.0, BRONZE, 24), ...cylinder('z', [0, 4.6, 1.25], 0.5, 0.5, BRONZE, 20)];
  for (let b = 0; b < blades; b++) {
    const a = (b * 2 * Math.PI) / blades + 0.3;
    const radial: V3 = [Math.cos(a), Math.sin(a), 0];
    // The chord leans 35° out of the disc plane: the blade's pitch.
    const chord: V3 = [-Math.sin(a) * Math.cos(0.6), Math.cos(a) * Math.cos(0.6), Math.sin(0.6)];
    const point = (r: number, c: number): V3 => [
      hub[0] + radial[0] * r + chord[0] * c,
      hub[1] + radial[1] * r + chord[1] * c,
      hub[2] + radial[2] * r + chord[2] * c,
    ];
    const steps = 10;
    const width = (s: number) => 1.25 * Math.sin(Math.PI * (0.12 + 0.88 * s)) ** 0.7 + 0.05;
    const lead = Array.from({ length: steps + 1 }, (_, i) => point(0.7 + 3.6 * (i / steps), width(i / steps) * 0.9));
    const trail = Array.from({ length: steps + 1 }, (_, i) => point(0.7 + 3.6 * (i / steps), -width(i / steps) * 0.6)).reverse();
    parts.push(...plate([...lead, ...trail], BRONZE));
  }
  return parts;
}

function shaftLine(body: string): Model {
  return [
    ...cylinder('x', [0, 1.3, 0], 0.32, 11, STEEL, 16),
    ...cylinder('x', [-5.3, 1.3, 0], 0.9, 0.5, DARK, 24),
    ...cylinder('x', [1.8, 1.3, 0], 0.5, 3.4, BRONZE, 20),
    ...cylinder('x', [-0.4, 1.3, 0], 0.62, 0.6, BLACK, 20),
    ...box([-3.8, 0, -0.7], [0.9, 1.1, 1.4], body),
    ...cylinder('x', [-3.35, 1.3, 0], 0.45, 0.9, body, 20),
    ...box([3.8, 0, -0.7], [0.9, 1.1, 1.4], body),
    ...cylinder('x', [4.25, 1.3, 0], 0.45, 0.9, body, 20),
  ];
}

const MODELS: Record<Illustration, (paint: number) => Model> = {
  engine: (p) => engine(BODY[p % BODY.length]!),
  generator: (p) => generator(BODY[p % BODY.length]!),
  gearbox: (p) => gearbox(BODY[p % BODY.length]!),
  propeller: (p) => propeller(4 + (p % 2)),
  shaft: (p) => shaftLine(BODY[p % BODY.length]!),
};

/** Each maker's livery, as an index into the body colours; other brands get one from their name. */
const LIVERIES: Record<string, number> = {
  Caterpillar: 0,
  'Volvo Penta': 1,
  Nanni: 1,
  Perkins: 1,
  SDMO: 1,
  'Twin Disc': 1,
  Vetus: 1,
  Cummins: 2,
  'Michigan Wheel': 2,
  Yanmar: 3,
  MAN: 3,
  'ZF Marine': 3,
  Reintjes: 3,
  'Tides Marine': 3,
  Teignbridge: 3,
  Kohler: 4,
  Onan: 5,
};

/** The paint of a brand's products: the same maker always wears the same colour. */
export function paintOf(brand: string): number {
  return LIVERIES[brand] ?? [...brand].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % BODY.length;
}

/** Where the close-up of each kind looks: turbo, control panel, output flange, hub, seal. */
const DETAIL: Record<Illustration, V3> = {
  engine: [2, 4, -0.5],
  generator: [2.3, 4.2, 0.5],
  gearbox: [1.6, 1.8, 0.5],
  propeller: [0, 4.6, 0.5],
  shaft: [-0.6, 1.3, 0],
};

/** Three-quarter, side, close-up, the other three-quarter: a product shows the first n of them. */
export const PRODUCT_VIEWS = 4;
const view = (kind: Illustration, n: number): View =>
  [
    { yaw: -32, pitch: 18 },
    { yaw: 0, pitch: 6 },
    { yaw: -24, pitch: 28, zoom: 2.3, focus: DETAIL[kind] },
    { yaw: 38, pitch: 24 },
  ][n % PRODUCT_VIEWS]!;

type Backdrop = 'studio' | 'night';
const BACKDROPS: Record<Backdrop, { centre: string; edge: string; shadow: number }> = {
  studio: { centre: '#f2f5f8', edge: '#b7c2cd', shadow: 0.3 },
  night: { centre: '#1d4c78', edge: '#0c1a2c', shadow: 0.55 },
};

function scene(model: Model, v: View, frame: Frame, backdrop: Backdrop, title = ''): string {
  const { svg, ground } = renderModel(model, v, frame);
  const b = BACKDROPS[backdrop];
  const { width: w, height: h } = frame;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <title>${title.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`)}</title>
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${b.centre}"/><stop offset="1" stop-color="${b.edge}"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".10"/></linearGradient>
    <filter id="soft" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="${Math.round(w / 80)}"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect y="${Math.min(ground.cy, h) - h * 0.12}" width="${w}" height="${h}" fill="url(#floor)"/>
  <ellipse cx="${ground.cx.toFixed(1)}" cy="${ground.cy.toFixed(1)}" rx="${(ground.rx * 1.05).toFixed(1)}" ry="${(ground.rx * 0.08).toFixed(1)}" fill="#0b1320" opacity="${b.shadow}" filter="url(#soft)"/>
  ${svg}
</svg>`;
}

/**
 * A 1024×768 picture (4:3, the card and gallery frame; the image service's largest useful width)
 * of one view of a product. The title goes into the SVG's metadata, never into the pixels.
 */
export function productSvg(kind: Illustration, paint: number, viewIndex = 0, title = ''): string {
  return scene(MODELS[kind](paint), view(kind, viewIndex), { width: 1024, height: 768, margin: 100 }, 'studio', title);
}

/** The home hero: an engine and a generator set under the evening light of the hero band. */
export function heroSvg(): string {
  const model = [...moved(generator(BODY[1]!), [-6, 0, -7], 0), ...moved(engine(BODY[0]!), [5, 0, 3], 1)];
  return scene(model, { yaw: -28, pitch: 16 }, { width: 1600, height: 1000, margin: 110 }, 'night');
}

/** "Nos valeurs": a marine engine coupled to its gearbox, a propeller standing by, as in the workshop. */
export function valuesSvg(): string {
  const model = [
    ...moved(propeller(4), [3, 0, -7], 0),
    ...moved(engine(BODY[0]!), [-3, 0, 0], 1),
    ...moved(gearbox(BODY[3]!), [4.4, 0.4, 0], 2),
  ];
  return scene(model, { yaw: -28, pitch: 18 }, { width: 1280, height: 840, margin: 80 }, 'studio');
}

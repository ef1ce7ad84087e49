// A tiny flat-shaded 3D renderer to SVG for the demo pictures: parts are boxes, cylinders and
// flat plates; every view projects the same model, so the views of a product agree, and one fixed
// light (upper left, in front) shades every picture alike.

export type V3 = [number, number, number];
/** group: faces of one object of a scene, drawn together (objects far to near, then faces). */
type Face = { pts: V3[]; color: string; twoSided?: boolean; group?: number };
export type Model = Face[];

/** Camera: yaw turns the model about the vertical axis, pitch tilts it towards the viewer (degrees). */
export type View = { yaw: number; pitch: number; zoom?: number; focus?: V3 };

const LIGHT = normalize([-0.45, 0.75, 0.5]);

function normalize([x, y, z]: V3): V3 {
  const l = Math.hypot(x, y, z) || 1;
  return [x / l, y / l, z / l];
}
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** An axis-aligned box from its lower corner (x, y, z) and size (w along x, h along y, d along z). */
export function box([x, y, z]: V3, [w, h, d]: V3, color: string): Model {
  const p = (i: number, j: number, k: number): V3 => [x + i * w, y + j * h, z + k * d];
  const quads: [number, number, number][][] = [
    [
      [0, 0, 1],
      [1, 0, 1],
      [1, 1, 1],
      [0, 1, 1],
    ],
    [
      [1, 0, 0],
      [0, 0, 0],
      [0, 1, 0],
      [1, 1, 0],
    ],
    [
      [0, 1, 1],
      [1, 1, 1],
      [1, 1, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, 0],
      [1, 0, 0],
      [1, 0, 1],
      [0, 0, 1],
    ],
    [
      [1, 0, 1],
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
    ],
    [
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 1],
      [0, 1, 0],
    ],
  ];
  return quads.map((q) => ({ pts: q.map(([i, j, k]) => p(i, j, k)), color }));
}

/** A cylinder (a prism of `sides` facets) along an axis, from its centre, radius and length. */
export function cylinder(axis: 'x' | 'y' | 'z', [cx, cy, cz]: V3, radius: number, length: number, color: string, sides = 20): Model {
  const at = (angle: number, t: number): V3 => {
    const u = Math.cos(angle) * radius;
    const v = Math.sin(angle) * radius;
    const s = t * length - length / 2;
    if (axis === 'x') return [cx + s, cy + u, cz + v];
    if (axis === 'y') return [cx + v, cy + s, cz + u];
    return [cx + u, cy + v, cz + s];
  };
  const step = (2 * Math.PI) / sides;
  const faces: Model = [];
  for (let i = 0; i < sides; i++)
    faces.push({ pts: [at(i * step, 0), at((i + 1) * step, 0), at((i + 1) * step, 1), at(i * step, 1)], color });
  const ring = (t: number) => Array.from({ length: sides }, (_, i) => at(i * step, t));
  faces.push({ pts: ring(1), color }, { pts: ring(0).reverse(), color });
  return faces;
}

/** A flat polygon seen from both sides (propeller blades). */
export const plate = (pts: V3[], color: string): Model => [{ pts, color, twoSided: true }];

function camera({ yaw, pitch }: View) {
  const [cy, sy, cp, sp] = [
    Math.cos((yaw * Math.PI) / 180),
    Math.sin((yaw * Math.PI) / 180),
    Math.cos((pitch * Math.PI) / 180),
    Math.sin((pitch * Math.PI) / 180),
  ];
  return ([x, y, z]: V3): V3 => {
    const x1 = x * cy + z * sy;
    const z1 = -x * sy + z * cy;
    return [x1, y * cp - z1 * sp, y * sp + z1 * cp];
  };
}

/** Multiplies a #rrggbb colour by a light factor (above 1 lightens towards white). */
function shade(hex: string, f: number): string {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const out = c.map((v) => (f <= 1 ? v * f : v + (255 - v) * (f - 1)));
  return `#${out
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export type Frame = { width: number; height: number; margin: number };

/**
 * The model's polygons, projected and shaded, sorted far to near, fitted into the frame. Returns
 * the SVG fragment and where the model's ground line falls (for the contact shadow).
 */
export function renderModel(model: Model, view: View, frame: Frame): { svg: string; ground: { cx: number; cy: number; rx: number } } {
  const project = camera(view);
  const faces = model.flatMap((face) => {
    const pts = face.pts.map(project);
    const normal = normalize(cross(sub(pts[1]!, pts[0]!), sub(pts[2]!, pts[1]!)));
    if (normal[2] <= 0 && !face.twoSided) return [];
    const facing = face.twoSided && normal[2] < 0 ? ([-normal[0], -normal[1], -normal[2]] as V3) : normal;
    const light = 0.42 + 0.62 * Math.max(0, dot(facing, LIGHT));
    const depth = pts.reduce((s, p) => s + p[2], 0) / pts.length;
    return [{ pts, depth, group: face.group ?? 0, fill: shade(face.color, light) }];
  });
  const groupDepth = new Map<number, number>();
  for (const f of faces) groupDepth.set(f.group, Math.min(groupDepth.get(f.group) ?? Infinity, f.depth));
  faces.sort((a, b) => groupDepth.get(a.group)! - groupDepth.get(b.group)! || a.depth - b.depth);
  const all = faces.flatMap((f) => f.pts);
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => -p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const zoom = view.zoom ?? 1;
  const fit = Math.min((frame.width - 2 * frame.margin) / (maxX - minX), (frame.height - 2 * frame.margin) / (maxY - minY)) * zoom;
  const focused = view.focus ? project(view.focus) : null;
  const [fx, fy] = focused ? [focused[0], -focused[1]] : [(minX + maxX) / 2, (minY + maxY) / 2];
  const toScreen = (p: V3) => [frame.width / 2 + (p[0] - fx) * fit, frame.height / 2 + (-p[1] - fy) * fit] as const;
  const svg = faces
    .map((f) => {
      const d = f.pts
        .map((p) =>
          toScreen(p)
            .map((v) => v.toFixed(1))
            .join(','),
        )
        .join(' ');
      // A stroke in the fill colour closes the hairline gaps between facets.
      return `<polygon points="${d}" fill="${f.fill}" stroke="${f.fill}" stroke-width="1" stroke-linejoin="round"/>`;
    })
    .join('');
  const left = frame.width / 2 + (minX - fx) * fit;
  const right = frame.width / 2 + (maxX - fx) * fit;
  const bottom = frame.height / 2 + (maxY - fy) * fit;
  return { svg, ground: { cx: (left + right) / 2, cy: bottom, rx: (right - left) / 2 } };
}

/** Small numeric, colour and path helpers shared by the picture recipes. */

/** A point; a third element of 1 marks a sharp corner for `smoothPath`. */
export type Pt = readonly [number, number] | readonly [number, number, 1];

/** One decimal is plenty at 1080 px and keeps the SVG text short (librsvg parses it per render). */
export const f = (n: number): string => String(Math.round(n * 10) / 10);

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = Number.parseInt(h.slice(0, 6), 16);
  // A malformed colour in the catalog should still give a picture, not a crash.
  if (h.length < 6 || Number.isNaN(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: Rgb): string =>
  '#' +
  [r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Positive amounts move toward white, negative toward black. */
export const shade = (c: string, amt: number): string => (amt >= 0 ? mix(c, '#ffffff', amt) : mix(c, '#000000', -amt));

/** WCAG relative luminance, used to decide whether highlights or shadows will show on a colour. */
export function luminance(c: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(c);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Perceptual-ish distance between two colours, 0..~1.7. */
export function distance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) / 255;
}

/** Deterministic pseudo-random numbers so a product always gets the same folds and layout. */
export function rng(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const lerpPt = (p: Pt, q: Pt, t: number): [number, number] => [lerp(p[0], q[0], t), lerp(p[1], q[1], t)];

export const poly = (pts: readonly Pt[]): string => 'M' + pts.map((p) => `${f(p[0])},${f(p[1])}`).join('L') + 'Z';

const at = (pts: readonly Pt[], i: number, closed: boolean): Pt => {
  const n = pts.length;
  const j = closed ? ((i % n) + n) % n : Math.min(n - 1, Math.max(0, i));
  return pts[j]!;
};

/**
 * Catmull-Rom through the points as cubic Béziers: garment outlines are easiest to author as a
 * handful of points, and cloth edges should never look polygonal. Corner points stay sharp.
 */
export function smoothPath(pts: readonly Pt[], closed = true, k = 1): string {
  if (pts.length < 2) return '';
  const first = pts[0]!;
  let d = `M${f(first[0])},${f(first[1])}`;
  const segs = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = at(pts, i - 1, closed);
    const p1 = at(pts, i, closed);
    const p2 = at(pts, i + 1, closed);
    const p3 = at(pts, i + 2, closed);
    const c1 = p1[2] ? p1 : [p1[0] + ((p2[0] - p0[0]) / 6) * k, p1[1] + ((p2[1] - p0[1]) / 6) * k];
    const c2 = p2[2] ? p2 : [p2[0] - ((p3[0] - p1[0]) / 6) * k, p2[1] - ((p3[1] - p1[1]) / 6) * k];
    d += `C${f(c1[0]!)},${f(c1[1]!)} ${f(c2[0]!)},${f(c2[1]!)} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? d + 'Z' : d;
}

/** Samples an open Catmull-Rom curve through `pts` at `n` points (evenly in parameter). */
export function sampleCurve(pts: readonly Pt[], n: number): [number, number][] {
  const out: [number, number][] = [];
  const segs = pts.length - 1;
  for (let s = 0; s < n; s++) {
    const u = (s / (n - 1)) * segs;
    const i = Math.min(segs - 1, Math.floor(u));
    const t = u - i;
    const p0 = at(pts, i - 1, false);
    const p1 = at(pts, i, false);
    const p2 = at(pts, i + 1, false);
    const p3 = at(pts, i + 2, false);
    const cr = (a: number, b: number, c: number, d: number) =>
      0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (-a + 3 * b - 3 * c + d) * t * t * t);
    out.push([cr(p0[0], p1[0], p2[0], p3[0]), cr(p0[1], p1[1], p2[1], p3[1])]);
  }
  return out;
}

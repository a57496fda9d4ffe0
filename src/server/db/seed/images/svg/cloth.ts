/**
 * A length of cloth as a ruled band between two edge curves (selvedges). Sarees, pallus, dupattas,
 * hem borders and sleeves are all bands: borders run along the edges (t near 0 or 1) and end panels
 * run across (u near 1), so one parametrisation puts every stripe where a weaver would put it.
 */
import { f, lerpPt, sampleCurve, type Pt } from './util.ts';

type P = [number, number];

export interface Band {
  a: P[];
  b: P[];
}

/** A band whose edges are Catmull-Rom curves through the given points. */
export function band(a: readonly Pt[], b: readonly Pt[], n = 40): Band {
  return { a: sampleCurve(a, n), b: sampleCurve(b, n) };
}

/** The point at fraction t across (may be outside 0..1) and u along. */
export function pointAt(bd: Band, t: number, u: number): P {
  const last = bd.a.length - 1;
  const x = Math.min(last, Math.max(0, u * last));
  const i = Math.min(last - 1, Math.floor(x));
  const k = x - i;
  const a = lerpPt(bd.a[i]!, bd.a[i + 1]!, k);
  const b = lerpPt(bd.b[i]!, bd.b[i + 1]!, k);
  return lerpPt(a, b, t);
}

function row(bd: Band, t: number, u0: number, u1: number): P[] {
  const last = bd.a.length - 1;
  const out: P[] = [pointAt(bd, t, u0)];
  for (let i = Math.floor(u0 * last) + 1; i < u1 * last; i++) out.push(lerpPt(bd.a[i]!, bd.b[i]!, t));
  out.push(pointAt(bd, t, u1));
  return out;
}

const pathOf = (pts: readonly P[]) => 'M' + pts.map((p) => `${f(p[0])},${f(p[1])}`).join('L');

/** The region t0..t1 across and u0..u1 along. */
export function region(bd: Band, t0: number, t1: number, u0 = 0, u1 = 1): string {
  return pathOf([...row(bd, t0, u0, u1), ...row(bd, t1, u0, u1).reverse()]) + 'Z';
}

/** A line along the band at fraction t across it. */
export const along = (bd: Band, t: number, u0 = 0, u1 = 1): string => pathOf(row(bd, t, u0, u1));

/** The part of a band between t0 and t1, as a band of its own (t0 becomes its a edge). */
export function sub(bd: Band, t0: number, t1: number, u0 = 0, u1 = 1): Band {
  return { a: row(bd, t0, u0, u1), b: row(bd, t1, u0, u1) };
}

/** Evenly spaced points across the band at u, with the direction the cloth runs there (for tassels). */
export function endPoints(bd: Band, count: number, u = 1): { p: P; dir: P }[] {
  const out: { p: P; dir: P }[] = [];
  for (let k = 0; k < count; k++) {
    const t = (k + 0.5) / count;
    const p = pointAt(bd, t, u);
    const q = pointAt(bd, t, u - 0.03);
    const len = Math.hypot(p[0] - q[0], p[1] - q[1]) || 1;
    out.push({ p, dir: [(p[0] - q[0]) / len, (p[1] - q[1]) / len] });
  }
  return out;
}

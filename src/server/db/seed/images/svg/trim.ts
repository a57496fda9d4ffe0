/** The finishing that turns filled shapes into cloth: zari lines, borders, creases, tassels, shadows. */
import { along, endPoints, pointAt, region, type Band } from './cloth.ts';
import type { Ctx } from './ctx.ts';
import { borderFill, jaalFill, palluFill, weave, zari } from './patterns.ts';
import { f, shade } from './util.ts';

/** A woven metallic line: a base stroke with a thinner glint on top. */
export function zariLine(ctx: Ctx, d: string, w: number): string {
  const m = ctx.pal.motif;
  return (
    `<path d="${d}" fill="none" stroke="${shade(m, -0.2)}" stroke-width="${w}"/>` +
    `<path d="${d}" fill="none" stroke="${shade(m, 0.5)}" stroke-width="${f(w * 0.35)}" stroke-opacity=".8"/>`
  );
}

/**
 * A soft fold line. Stacked strokes of falling width fake a blur that librsvg would otherwise
 * spend a Gaussian filter on (ten times slower per picture).
 */
export function crease(d: string, light = false, s = 1): string {
  const c = light ? '#fff' : '#000';
  const o = light ? [0.05, 0.07, 0.09] : [0.06, 0.08, 0.12];
  return (
    `<path d="${d}" fill="none" stroke="${c}" stroke-opacity="${o[0]}" stroke-width="${f(28 * s)}"/>` +
    `<path d="${d}" fill="none" stroke="${c}" stroke-opacity="${o[1]}" stroke-width="${f(13 * s)}"/>` +
    `<path d="${d}" fill="none" stroke="${c}" stroke-opacity="${o[2]}" stroke-width="${f(4 * s)}"/>`
  );
}

/** Fills a region as cloth: surface, weave tooth, optional shading overlays and a quiet edge. */
export function cloth(ctx: Ctx, d: string, fill: string, overlays: string[] = [], edge = true): string {
  let s = `<path d="${d}" fill="${fill}"/><path d="${d}" fill="${weave(ctx, 1, 0.6)}"/>`;
  for (const o of overlays) s += `<path d="${d}" fill="${o}"/>`;
  if (edge)
    s += `<path d="${d}" fill="none" stroke="${shade(ctx.pal.body, -0.45)}" stroke-opacity=".35" stroke-width="1.5"/>`;
  return s;
}

/**
 * A woven border on a band whose a edge faces the body and b edge is the selvedge. Wide borders get
 * the full stack (zari edge, motif band, jaal, selvedge line); narrow ones just zari and motif.
 */
export function border(ctx: Ctx, bd: Band, widthPx: number, scale = 0.5): string {
  let s = `<path d="${region(bd, 0, 1)}" fill="${borderFill(ctx, scale)}"/>`;
  const z = zari(ctx, ctx.pal.motif);
  const k = (px: number) => Math.min(0.45, px / widthPx);
  s += `<path d="${region(bd, 0, k(7))}" fill="${z}"/>`;
  if (widthPx > 60) {
    s += zariLine(ctx, along(bd, k(14)), 2);
    s += `<path d="${region(bd, 1 - k(30), 1 - k(12))}" fill="${jaalFill(ctx, 0.8)}"/>`;
    s += zariLine(ctx, along(bd, 1 - k(6)), 3);
  } else {
    s += zariLine(ctx, along(bd, 1 - k(6)), 2.4);
  }
  return s + `<path d="${region(bd, 0, 1)}" fill="${weave(ctx)}"/>`;
}

/** Temple-tower (gopuram) triangles rising from the border into the body: the Kanjeevaram mark. */
export function templeTeeth(ctx: Ctx, bd: Band, count: number, heightT: number): string {
  let outer = '';
  let inner = '';
  for (let i = 0; i < count; i++) {
    const u0 = i / count;
    const u1 = (i + 1) / count;
    const um = (u0 + u1) / 2;
    const p0 = pointAt(bd, 0, u0);
    const p1 = pointAt(bd, 0, u1);
    const apex = pointAt(bd, -heightT, um);
    outer += `M${f(p0[0])},${f(p0[1])}L${f(apex[0])},${f(apex[1])}L${f(p1[0])},${f(p1[1])}Z`;
    const q0 = pointAt(bd, 0, u0 + (u1 - u0) * 0.3);
    const q1 = pointAt(bd, 0, u1 - (u1 - u0) * 0.3);
    const qa = pointAt(bd, -heightT * 0.5, um);
    inner += `M${f(q0[0])},${f(q0[1])}L${f(qa[0])},${f(qa[1])}L${f(q1[0])},${f(q1[1])}Z`;
  }
  return (
    `<path d="${outer}" fill="${ctx.pal.border}" stroke="${ctx.pal.motif}" stroke-width="2.5"/>` +
    `<path d="${inner}" fill="${zari(ctx, ctx.pal.motif)}"/>`
  );
}

/** Where the motif is temple, the border gets towers; elsewhere a row of zari dots (buttis). */
export function borderCrest(ctx: Ctx, bd: Band, lengthPx: number, heightPx: number, widthPx: number): string {
  if (ctx.motif === 'temple')
    return templeTeeth(ctx, bd, Math.max(3, Math.round(lengthPx / (heightPx * 0.9))), heightPx / widthPx);
  let d = '';
  const n = Math.max(3, Math.round(lengthPx / 18));
  for (let i = 0; i < n; i++) {
    const p = pointAt(bd, -7 / widthPx, (i + 0.5) / n);
    d += `M${f(p[0] - 2.6)},${f(p[1])}a2.6,2.6 0 1,0 5.2,0a2.6,2.6 0 1,0 -5.2,0`;
  }
  return `<path d="${d}" fill="${ctx.pal.motif}"/>`;
}

/**
 * The end panel of a pallu or dupatta across u0..1: bands of zari, border colour, big motifs and
 * jaal, densest toward the end, as on a woven pallu.
 */
export function palluEnd(ctx: Ctx, bd: Band, u0: number, motifScale: number): string {
  const span = 1 - u0;
  const u = (k: number) => u0 + span * k;
  const z = zari(ctx, ctx.pal.motif, 'diag');
  const parts: [number, number, string][] = [
    [0, 0.05, z],
    [0.05, 0.2, borderFill(ctx, 0.45)],
    [0.2, 0.25, z],
    [0.25, 0.64, palluFill(ctx, motifScale)],
    [0.64, 0.69, z],
    [0.69, 0.86, jaalFill(ctx, 0.9)],
    [0.86, 0.9, z],
    [0.9, 1, borderFill(ctx, 0.45)],
  ];
  let s = '';
  for (const [a, b, fill] of parts) s += `<path d="${region(bd, 0, 1, u(a), u(b))}" fill="${fill}"/>`;
  return s + `<path d="${region(bd, 0, 1, u0, 1)}" fill="${weave(ctx)}"/>`;
}

/** Knotted tassels hanging from the end of a band. */
export function tassels(ctx: Ctx, bd: Band, count: number, len: number): string {
  let a = '';
  let b = '';
  let knots = '';
  const p = ctx.pal;
  endPoints(bd, count).forEach(({ p: [x, y], dir: [dx, dy] }, i) => {
    const l = len * (0.85 + ctx.rand() * 0.3);
    const sway = (ctx.rand() - 0.5) * 6;
    const ex = x + dx * l + sway;
    const ey = y + dy * l;
    const seg = `M${f(x)},${f(y)}Q${f(x + dx * l * 0.5 + sway)},${f(y + dy * l * 0.5)} ${f(ex)},${f(ey)}`;
    if (i % 2) a += seg;
    else b += seg;
    const kx = x + dx * l * 0.32;
    const ky = y + dy * l * 0.32;
    knots += `M${f(kx - 3.2)},${f(ky)}a3.2,3.2 0 1,0 6.4,0a3.2,3.2 0 1,0 -6.4,0`;
    knots += `M${f(ex - 2.4)},${f(ey)}a2.4,2.4 0 1,0 4.8,0a2.4,2.4 0 1,0 -4.8,0`;
  });
  return (
    `<path d="${a}" fill="none" stroke="${p.border}" stroke-width="3.2" stroke-linecap="round"/>` +
    `<path d="${b}" fill="none" stroke="${p.motif}" stroke-width="2.6" stroke-linecap="round"/>` +
    `<path d="${knots}" fill="${shade(p.motif, -0.15)}"/>`
  );
}

/** A soft-edged cast shadow: the same shape, offset twice at low opacity. */
export function castShadow(d: string, dx: number, dy: number, opacity = 0.1): string {
  return (
    `<path d="${d}" transform="translate(${f(dx)},${f(dy)})" fill="#000" fill-opacity="${opacity}"/>` +
    `<path d="${d}" transform="translate(${f(dx * 2)},${f(dy * 2)})" fill="#000" fill-opacity="${(opacity * 0.6).toFixed(3)}"/>`
  );
}

/**
 * Sarees as a shop stocks them: folded into a flat stack (three-quarter view from above and in
 * front) or hung from a rail. Used by the product's second picture and by the hero banners.
 */
import { along, band, region, sub } from './cloth.ts';
import type { Ctx } from './ctx.ts';
import { bodyFill, folds, grad } from './patterns.ts';
import { border, borderCrest, castShadow, cloth, crease, palluEnd, tassels } from './trim.ts';
import { f, poly, shade } from './util.ts';

export interface FoldBox {
  x: number;
  y: number;
  /** Width of the front edge. */
  w: number;
  /** Depth of the top face on screen. */
  d: number;
  /** Thickness of the folded stack. */
  th: number;
  /** How much narrower the back edge is on each side (perspective). */
  inset: number;
  /** Pallu laid over the right part of the top face, from this fraction of the width; null for none. */
  pallu: number | null;
  scale: number;
}

export function foldedSaree(ctx: Ctx, b: FoldBox): string {
  const p = ctx.pal;
  const { x, y, w, d, th, inset } = b;
  const face = band(
    [
      [x + inset, y],
      [x + w - inset, y],
    ],
    [
      [x, y + d],
      [x + w, y + d],
    ],
    12,
  );
  const front = poly([
    [x, y + d],
    [x + w, y + d],
    [x + w, y + d + th],
    [x, y + d + th],
  ]);
  const outline = poly([
    [x + inset, y],
    [x + w - inset, y],
    [x + w, y + d + th],
    [x, y + d + th],
  ]);
  const bw = Math.max(24, d * 0.26);
  let s = castShadow(outline, 8 * b.scale, 14 * b.scale, 0.14);
  s += cloth(ctx, region(face, 0, 1), bodyFill(ctx, 0.7 * b.scale), [
    grad(ctx, [
      [0, '#000', 0.12],
      [0.5, '#fff', 0.08],
      [1, '#fff', 0.02],
    ]),
  ]);
  s += border(ctx, sub(face, 1 - bw / d, 1), bw, 0.5 * b.scale);
  s += borderCrest(ctx, sub(face, 1 - bw / d, 1), w, bw * 0.45, bw);
  s += border(ctx, sub(face, Math.min(0.2, 24 / d), 0), 24, 0.45 * b.scale);
  // The fold inside the stack shows as a soft ridge across the top.
  s += crease(along(face, 0.42), false, 0.9 * b.scale) + crease(along(face, 0.38), true, 0.7 * b.scale);
  if (b.pallu !== null) {
    const u0 = b.pallu;
    const flap = sub(face, 0, 1, u0, 1);
    const flapD = region(flap, 0, 1);
    s += castShadow(flapD, -8 * b.scale, 4 * b.scale, 0.14);
    s += `<path d="${flapD}" fill="${bodyFill(ctx, 0.7 * b.scale)}"/>`;
    s += palluEnd(ctx, flap, 0.35, 0.7 * b.scale);
    s += border(ctx, sub(flap, 1 - bw / d, 1), bw, 0.5 * b.scale);
    s += `<path d="${flapD}" fill="${grad(
      ctx,
      [
        [0, '#fff', 0.1],
        [1, '#000', 0.1],
      ],
      1,
      0,
    )}"/>`;
    s += tassels(ctx, flap, Math.round(d / 16), 34 * b.scale);
  }
  // The front is the folded edge: layer on layer of border, zari glinting between them.
  let layers = '';
  let shadows = '';
  let bodyLayers = '';
  const n = Math.max(3, Math.round(th / (10 * b.scale)));
  const lh = th / n;
  for (let i = 1; i < n; i++) {
    const ly = y + d + lh * i;
    layers += `M${f(x + 2)},${f(ly)}Q${f(x + w / 2)},${f(ly + 3 * b.scale)} ${f(x + w - 2)},${f(ly)}`;
    shadows += `M${f(x + 2)},${f(ly + 2.5 * b.scale)}Q${f(x + w / 2)},${f(ly + 5.5 * b.scale)} ${f(x + w - 2)},${f(ly + 2.5 * b.scale)}`;
    // Every few folds the body of the saree shows between the border layers.
    if (i % 3 === 1) bodyLayers += `M${f(x)},${f(ly)}h${f(w)}v${f(lh)}h${f(-w)}Z`;
  }
  s += `<path d="${front}" fill="${p.border}"/>`;
  s += `<path d="${bodyLayers}" fill="${shade(p.body, -0.1)}"/>`;
  s += `<path d="${shadows}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="${f(2.5 * b.scale)}"/>`;
  s += `<path d="${layers}" fill="none" stroke="${p.motif}" stroke-width="${f(1.8 * b.scale)}"/>`;
  s += `<path d="${front}" fill="${grad(ctx, [
    [0, '#fff', 0.22],
    [0.2, '#000', 0.02],
    [1, '#000', 0.3],
  ])}"/>`;
  s += `<path d="${front}" fill="${grad(
    ctx,
    [
      [0, '#000', 0.18],
      [0.12, '#000', 0],
      [0.88, '#000', 0],
      [1, '#000', 0.22],
    ],
    1,
    0,
  )}"/>`;
  s += `<path d="M${x},${y + d}L${x + w},${y + d}" stroke="#fff" stroke-opacity=".4" stroke-width="${f(2.5 * b.scale)}"/>`;
  return s;
}

/** A saree folded over a rail, its pallu end hanging with tassels. */
export function hangingSaree(
  ctx: Ctx,
  x: number,
  top: number,
  w: number,
  len: number,
  flare: number,
  scale: number,
): string {
  const bd = band(
    [
      [x, top],
      [x - flare * 0.3, top + len * 0.5],
      [x - flare, top + len],
    ],
    [
      [x + w, top],
      [x + w + flare * 0.3, top + len * 0.5],
      [x + w + flare, top + len],
    ],
    24,
  );
  const d = region(bd, 0, 1);
  let s = castShadow(d, 8 * scale, 6 * scale, 0.12);
  s += cloth(ctx, d, bodyFill(ctx, 0.6 * scale), [folds(ctx, 3, 0.3, false, 0.3)]);
  const bw = 0.13;
  s += border(ctx, sub(bd, bw, 0), w * bw, 0.45 * scale) + border(ctx, sub(bd, 1 - bw, 1), w * bw, 0.45 * scale);
  s += palluEnd(ctx, bd, 0.68, 0.6 * scale);
  s += crease(along(bd, 0.35, 0.03, 0.99), false, 0.6 * scale) + crease(along(bd, 0.62, 0.03, 0.99), true, 0.6 * scale);
  s += tassels(ctx, bd, Math.round(w / 14), 40 * scale);
  // Where it folds over the rail.
  s += `<path d="M${x},${top}L${x + w},${top}L${x + w},${top + 14 * scale}L${x},${top + 14 * scale}Z" fill="${shade(ctx.pal.body, -0.3)}"/>`;
  return s;
}

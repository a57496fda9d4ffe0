/**
 * The five product shots, in the order shops show them: full view, folded or drape, border close-up,
 * weave macro, styled flat-lay. Each returns a complete 1080×1440 SVG document.
 */
import type { GarmentKind, Motif } from '../../demo-types.ts';
import { band, region, sub } from './cloth.ts';
import { Ctx, type Colors } from './ctx.ts';
import { garment } from './garments.ts';
import { bodyFill, borderFill, folds, grad, jaalFill, fade, radial, sheen, weave, zari } from './patterns.ts';
import { border, borderCrest, castShadow, cloth, crease, palluEnd, tassels, zariLine } from './trim.ts';
import { foldedSaree } from './folded.ts';
import { bangles, diya, marigold } from './props.ts';
import { f, poly, shade } from './util.ts';

export const W = 1080;
export const H = 1440;

/** Studio sweeps: warm ivory, blush and stone, so a grid of products is not one flat colour. */
const SWEEPS = [
  ['#f8f3eb', '#f1e8db', '#e9dece', '#ddcfba'],
  ['#f9f1ec', '#f3e5dc', '#ecd9cd', '#dfc8b9'],
  ['#f5f2eb', '#ece7dc', '#e3dccd', '#d5cdbb'],
] as const;

/** Seamless studio sweep, lighter behind the garment, settling into a floor. */
export function studio(ctx: Ctx, w = W, h = H): string {
  const c = SWEEPS[Math.floor(ctx.rand() * SWEEPS.length)] ?? SWEEPS[0];
  const bg = grad(ctx, [
    [0, c[0]],
    [0.62, c[1]],
    [0.8, c[2]],
    [1, c[3]],
  ]);
  const glow = fade(ctx, '#fffdf8', 0.75, 0.5, 0.4, 0.6);
  return `<rect width="${w}" height="${h}" fill="${bg}"/><rect width="${w}" height="${h}" fill="${glow}"/>`;
}

export function vignette(ctx: Ctx, w = W, h = H, strength = 0.16): string {
  return `<rect width="${w}" height="${h}" fill="${radial(
    ctx,
    [
      [0.55, '#3b2a1a', 0],
      [1, '#3b2a1a', strength],
    ],
    0.5,
    0.5,
    0.75,
  )}"/>`;
}

function floorShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, o = 0.3): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${radial(ctx, [
    [0, '#2a1d12', o],
    [0.6, '#2a1d12', o * 0.45],
    [1, '#2a1d12', 0],
  ])}"/>`;
}

// 1 -------------------------------------------------------------------------------------------

export function fullView(ctx: Ctx, kind: GarmentKind): string {
  const shadow: Record<GarmentKind, [number, number, number]> = {
    saree: [540, 1330, 320],
    lehenga: [540, 1336, 420],
    kurta: [540, 1392, 260],
    salwar: [540, 1392, 260],
    dupatta: [560, 1370, 340],
  };
  const [cx, cy, rx] = shadow[kind];
  return studio(ctx) + floorShadow(ctx, cx, cy, rx, 36) + garment(ctx, kind) + vignette(ctx);
}

// 2 -------------------------------------------------------------------------------------------

function linen(ctx: Ctx, w = W, h = H): string {
  const base = grad(
    ctx,
    [
      [0, '#efe6d8'],
      [1, '#e2d6c3'],
    ],
    1,
    1,
  );
  return `<rect width="${w}" height="${h}" fill="${base}"/><rect width="${w}" height="${h}" fill="${weave(ctx, 2.2, 0.9)}"/>`;
}

/** A folded saree or dupatta on linen: body and border on top, pallu laid over one end, layers on the edge. */
export function folded(ctx: Ctx): string {
  let s = linen(ctx);
  s += foldedSaree(ctx, { x: 80, y: 430, w: 920, d: 500, th: 170, inset: 95, pallu: 0.58, scale: 1 });
  s += `<ellipse cx="230" cy="1186" rx="30" ry="11" transform="rotate(-25 230 1186)" fill="#4f6b2f"/>`;
  s += marigold(170, 1180, 44) + marigold(262, 1226, 34) + marigold(120, 1262, 28);
  return s + vignette(ctx, W, H, 0.14);
}

/** Cloth hanging in deep folds down to a bordered hem: the drape shot for stitched garments. */
export function drapeClose(ctx: Ctx, kind: GarmentKind): string {
  const rich = kind === 'lehenga';
  const hemBase = 1160;
  const bw = rich ? 240 : 120;
  const xs: number[] = [];
  const lit: boolean[] = [];
  let x = -60;
  while (x < W + 60) {
    xs.push(x);
    const isLit = lit.length % 2 === 0;
    lit.push(isLit);
    x += isLit ? ctx.r(110, 170) : ctx.r(50, 80);
  }
  xs.push(x);
  // Ridges (end of a lit facet) hang lower than valleys: the hem undulates with the folds.
  const hy = xs.map((_, i) => hemBase + (i % 2 === 1 ? 34 : -8) + ctx.r(-6, 6));
  const litShade = grad(
    ctx,
    [
      [0, '#000', 0.05],
      [0.6, '#fff', 0.12],
      [1, '#fff', 0.2],
    ],
    1,
    0,
  );
  const awayShade = grad(
    ctx,
    [
      [0, '#000', 0.12],
      [0.45, '#000', 0.34],
      [1, '#000', 0.22],
    ],
    1,
    0,
  );

  let s = studio(ctx) + floorShadow(ctx, 540, 1330, 560, 40, 0.18);
  for (let i = 0; i < xs.length - 1; i++) {
    const x0 = xs[i]!;
    const x1 = xs[i + 1]!;
    const y0 = hy[i]!;
    const y1 = hy[i + 1]!;
    const sq = lit[i] ? 1 : 0.5;
    const facet = poly([
      [x0, -10],
      [x1, -10],
      [x1, y1],
      [x0, y0],
    ]);
    s += `<path d="${facet}" fill="${bodyFill(ctx, 0.95, sq, x0)}"/>`;
    const b = poly([
      [x0, y0 - bw],
      [x1, y1 - bw],
      [x1, y1],
      [x0, y0],
    ]);
    s += `<path d="${b}" fill="${borderFill(ctx, rich ? 0.8 : 0.6, sq, x0)}"/>`;
    s += `<path d="${poly([
      [x0, y0 - bw],
      [x1, y1 - bw],
      [x1, y1 - bw + 10],
      [x0, y0 - bw + 10],
    ])}" fill="${zari(ctx, ctx.pal.motif, 'down')}"/>`;
    if (rich) {
      s += `<path d="${poly([
        [x0, y0 - 70],
        [x1, y1 - 70],
        [x1, y1 - 40],
        [x0, y0 - 40],
      ])}" fill="${jaalFill(ctx, 1.1)}"/>`;
      s += `<path d="${poly([
        [x0, y0 - 160],
        [x1, y1 - 160],
        [x1, y1 - 150],
        [x0, y0 - 150],
      ])}" fill="${zari(ctx, ctx.pal.motif, 'down')}"/>`;
    }
    s += `<path d="${poly([
      [x0, y0 - 14],
      [x1, y1 - 14],
      [x1, y1 - 9],
      [x0, y0 - 9],
    ])}" fill="${ctx.pal.motif}"/>`;
    s += `<path d="${facet}" fill="${weave(ctx, 1.3)}"/><path d="${facet}" fill="${lit[i] ? litShade : awayShade}"/>`;
  }
  s += `<rect width="${W}" height="${H}" fill="${sheen(ctx, 0.1)}"/>`;
  return s + vignette(ctx);
}

// 3 -------------------------------------------------------------------------------------------

/**
 * The border and pallu end close up, laid at a slant across a table with the tassels over the edge.
 * The slant is in the geometry, not a rotated group, so the patterns stay on librsvg's fast path.
 */
export function borderClose(ctx: Ctx, kind: GarmentKind): string {
  const p = ctx.pal;
  const ends = kind === 'saree' || kind === 'dupatta';
  const tilt = 70;
  const L = -20;
  const R = W + 20;
  /** Runs top to bottom, so a pallu's bands stack downward and its tassels hang off the bottom. */
  const across = (y0: number, y1: number) =>
    band(
      [
        [L, y0 + tilt],
        [L, y1 + tilt],
      ],
      [
        [R, y0 - tilt],
        [R, y1 - tilt],
      ],
      10,
    );
  /** Runs left to right, for borders whose inner edge (a) faces up into the body. */
  const rows = (y0: number, y1: number) =>
    band(
      [
        [L, y0 + tilt],
        [R, y0 - tilt],
      ],
      [
        [L, y1 + tilt],
        [R, y1 - tilt],
      ],
      10,
    );
  const start = 560;
  const end = 1130;
  const whole = poly([
    [L, L],
    [R, L],
    [R, end - tilt],
    [L, end + tilt],
  ]);
  let s = linen(ctx);
  s += castShadow(whole, 6, 14, 0.14);
  s += `<path d="${whole}" fill="${bodyFill(ctx, 1.25)}"/>`;
  if (ends) {
    s += palluEnd(ctx, across(start, end), 0, 1.05);
    s += borderCrest(ctx, rows(start, start + 120), R - L, 70, 120);
  } else {
    const hb = rows(start + 200, end);
    s += border(ctx, hb, end - start - 200, 0.9);
    s += borderCrest(ctx, hb, R - L, 70, end - start - 200);
  }
  s += `<path d="${whole}" fill="${weave(ctx, 2, 1.2)}"/>`;
  s += `<path d="${whole}" fill="${folds(ctx, 3, 0.2, false, 0.1)}"/>`;
  s += `<path d="${whole}" fill="${sheen(ctx, 0.16)}"/>`;
  s += crease('M-20,260C300,300 700,160 1100,140', false, 1.6) + crease('M-20,380C300,400 800,300 1100,260', true, 1.4);
  if (ends) s += tassels(ctx, across(start, end), 34, 70);
  s += `<path d="M${L},${end + tilt}L${R},${end - tilt}" stroke="${shade(p.border, -0.4)}" stroke-width="3"/>`;
  return s + vignette(ctx, W, H, 0.12);
}

// 4 -------------------------------------------------------------------------------------------

/** The weave up close: motifs large, threads visible, one soft fold across. */
export function macro(ctx: Ctx): string {
  const all = `M-100,-100H${W + 100}V${H + 100}H-100Z`;
  let s = `<path d="${all}" fill="${bodyFill(ctx, 2.3)}"/>`;
  s += `<path d="${all}" fill="${weave(ctx, 3, 1.2)}"/>`;
  s += `<path d="${all}" fill="${folds(ctx, 2, 0.16, true, 0.08)}"/>`;
  s += `<path d="${all}" fill="${sheen(ctx, 0.2)}"/>`;
  s +=
    crease('M-100,980C300,900 700,1100 1180,1000', false, 3) + crease('M-100,930C300,850 700,1050 1180,950', true, 2.2);
  return s + vignette(ctx, W, H, 0.2);
}

// 5 -------------------------------------------------------------------------------------------

function wood(ctx: Ctx): string {
  const grain = ctx.url(
    'grain',
    (id) =>
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="90" height="480">` +
      `<path d="M14,0C24,120 6,240 18,480M46,0C38,160 58,300 44,480M72,0C80,100 66,260 76,480" fill="none" stroke="#3a2414" stroke-opacity=".18" stroke-width="1.6"/>` +
      `<path d="M30,0C36,140 24,300 32,480" fill="none" stroke="#fff" stroke-opacity=".06" stroke-width="3"/></pattern>`,
  );
  let s = '';
  const cols = ['#8a5a36', '#7c5030', '#93633d', '#83552f', '#8d5d38'];
  for (let i = 0; i < 5; i++) s += `<rect x="${i * 270 - 60}" width="270" height="${H}" fill="${cols[i]}"/>`;
  s += `<rect width="${W}" height="${H}" fill="${grain}"/>`;
  for (let i = 1; i < 5; i++)
    s += `<rect x="${i * 270 - 62}" width="3" height="${H}" fill="#2a180c" fill-opacity=".45"/>`;
  return (
    s +
    `<rect width="${W}" height="${H}" fill="${fade(ctx, '#fff1d8', 0.25, 0.45, 0.45, 0.7)}"/>`
  );
}

/** The garment folded on wood with a brass diya, bangles and marigolds: the festive styling shot. */
export function flatLay(ctx: Ctx, kind: GarmentKind): string {
  const p = ctx.pal;
  const rot = ctx.r(-5, -2);
  const rad = (rot * Math.PI) / 180;
  // Patterned parts are placed by rotating their corner points (see borderClose for why).
  const R = (x: number, y: number): [number, number] => [
    540 + (x - 540) * Math.cos(rad) - (y - 720) * Math.sin(rad),
    720 + (x - 540) * Math.sin(rad) + (y - 720) * Math.cos(rad),
  ];
  const x0 = 190;
  const x1 = 790;
  const y0 = 300;
  const y1 = 1130;
  const rect = (ya: number, yb: number) => band([R(x0, ya), R(x0, yb)], [R(x1, ya), R(x1, yb)], 12);
  const rows = (ya: number, yb: number) => band([R(x0, ya), R(x1, ya)], [R(x0, yb), R(x1, yb)], 12);
  const face = rect(y0, y1);
  const faceD = region(face, 0, 1);
  let g = castShadow(faceD, 12, 16, 0.2);
  g += cloth(ctx, faceD, bodyFill(ctx, 0.7), [sheen(ctx, 0.14)]);
  // The right-hand border runs the length of the fold.
  g += border(ctx, sub(face, 0.86, 1), 84, 0.5);
  let details = '';
  if (kind === 'saree' || kind === 'dupatta') {
    g += palluEnd(ctx, face, 0.7, 0.65);
    g += border(ctx, sub(face, 0.86, 1, 0.7, 1), 84, 0.5);
    g += tassels(ctx, face, 22, 46);
  } else if (kind === 'lehenga') {
    const hem = rows(y1 - 200, y1);
    g += border(ctx, hem, 200, 0.6);
    g += borderCrest(ctx, hem, x1 - x0, 34, 200);
  } else {
    // A folded kurta shows its neckline, placket and the folds where the sleeves tuck behind.
    g += border(ctx, rows(y1 - 80, y1), 80, 0.45);
    const cx = (x0 + x1) / 2 - 30;
    const neck = `M${cx - 70},${y0}C${cx - 60},${y0 + 90} ${cx + 60},${y0 + 90} ${cx + 70},${y0}`;
    details += `<path d="${neck}Z" fill="${shade(p.body, -0.4)}"/>`;
    details += `<path d="${neck}" fill="none" stroke="${p.border}" stroke-width="14"/>` + zariLine(ctx, neck, 2.5);
    details += `<rect x="${cx - 9}" y="${y0 + 66}" width="18" height="150" fill="${p.border}"/>`;
    for (let i = 0; i < 4; i++)
      details += `<circle cx="${cx}" cy="${y0 + 90 + i * 36}" r="4.5" fill="${zari(ctx, p.motif)}"/>`;
    details +=
      crease(`M${x0 + 110},${y0}L${x0 + 110},${y1}`, false, 0.8) +
      crease(`M${x1 - 150},${y0}L${x1 - 150},${y1}`, false, 0.8);
  }
  const mid = (y0 + y1) / 2;
  details += crease(`M${x0},${mid}L${x1},${mid}`, false, 1.2) + crease(`M${x0},${mid + 8}L${x1},${mid + 8}`, true, 0.5);

  let s = wood(ctx);
  s += g + `<g transform="rotate(${f(rot)} 540 720)">${details}</g>`;
  s += `<path d="${faceD}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="2"/>`;
  s += bangles(ctx, 900, 250);
  s += diya(ctx, 800, 1250, 1);
  s += marigold(120, 1230, 46) + marigold(210, 1330, 38) + marigold(80, 1360, 30) + marigold(960, 560, 40);
  s += `<ellipse cx="300" cy="1300" rx="30" ry="11" transform="rotate(-30 300 1300)" fill="#4f6b2f"/>`;
  s += `<ellipse cx="1010" cy="640" rx="26" ry="10" transform="rotate(40 1010 640)" fill="#4f6b2f"/>`;
  return s + vignette(ctx, W, H, 0.22);
}

// ---------------------------------------------------------------------------------------------

export interface SceneSpec {
  kind: GarmentKind;
  colors: Colors;
  motif: Motif;
}

/** The nth (1-based) product picture as an SVG document. */
export function productSvg(seed: string, spec: SceneSpec, n: number): string {
  const ctx = new Ctx(spec.colors, spec.motif, `${seed}:${n}`);
  let body: string;
  switch (n) {
    case 1:
      body = fullView(ctx, spec.kind);
      break;
    case 2:
      body = spec.kind === 'saree' || spec.kind === 'dupatta' ? folded(ctx) : drapeClose(ctx, spec.kind);
      break;
    case 3:
      body = borderClose(ctx, spec.kind);
      break;
    case 4:
      body = macro(ctx);
      break;
    default:
      body = flatLay(ctx, spec.kind);
  }
  return ctx.doc(W, H, body);
}

/**
 * Textile surfaces as SVG <pattern>s. librsvg renders a pattern tile once and repeats it, so a whole
 * garment of paisleys costs about as much as one fill, but only while a tile covers a whole number
 * of pixels and is not rotated: otherwise it falls back to a path 30-100× slower (measured: 20 ms
 * against 0.6-2.5 s for one full-frame fill). Hence `tile()`, which sizes every tile in whole user
 * units (= pixels: pictures are rendered at their viewBox size) and scales the content inside it,
 * and no rotated patterns, here or in any transformed group that contains one.
 */
import type { Motif } from '../../demo-types.ts';
import type { Ctx } from './ctx.ts';
import { f, rng, shade } from './util.ts';

const n3 = (n: number): string => String(Math.round(n * 1000) / 1000);

/**
 * A pattern whose w×h content is drawn at `scale` (times `squeeze` horizontally) in a tile of whole
 * pixels, shifted by whole pixels.
 */
export function tile(
  id: string,
  w: number,
  h: number,
  content: string,
  scale: number,
  squeeze = 1,
  dx = 0,
  dy = 0,
): string {
  const tw = Math.max(1, Math.round(w * scale * squeeze));
  const th = Math.max(1, Math.round(h * scale));
  const shift = dx || dy ? ` patternTransform="translate(${Math.round(dx)},${Math.round(dy)})"` : '';
  return (
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${tw}" height="${th}"${shift}>` +
    `<g transform="scale(${(tw / w).toFixed(5)},${(th / h).toFixed(5)})">${content}</g></pattern>`
  );
}

/** Metallic thread: dark gold into a bright glint and back, so flat shapes read as woven zari. */
export function zari(ctx: Ctx, base: string, dir: 'diag' | 'down' = 'diag'): string {
  return ctx.url(`zari:${base}:${dir}`, (id) => {
    const [x2, y2] = dir === 'diag' ? [1, 1] : [0, 1];
    return (
      `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
      `<stop offset="0" stop-color="${shade(base, -0.42)}"/>` +
      `<stop offset=".38" stop-color="${shade(base, 0.5)}"/>` +
      `<stop offset=".6" stop-color="${base}"/>` +
      `<stop offset=".82" stop-color="${shade(base, 0.3)}"/>` +
      `<stop offset="1" stop-color="${shade(base, -0.35)}"/></linearGradient>`
    );
  });
}

// Paisley (mango / boteh): round belly bottom-left, tip curling up to the right.
const PAISLEY = 'M42,0C54,14 53,40 44,53C36,64 16,70 7,58C-2,46 3,29 17,24C29,20 38,14 42,0Z';

function shapes(ctx: Ctx): { paisley: string; petal: string; leaf: string } {
  return {
    paisley: ctx.def('shape:paisley', (id) => `<path id="${id}" d="${PAISLEY}"/>`),
    petal: ctx.def('shape:petal', (id) => `<ellipse id="${id}" cx="0" cy="-7" rx="3.4" ry="6.5"/>`),
    leaf: ctx.def('shape:leaf', (id) => `<path id="${id}" d="M0,0C4,-5 12,-5 16,0C12,5 4,5 0,0Z"/>`),
  };
}

interface Inks {
  ground: string;
  fg: string;
  accent: string;
}

interface Tile {
  w: number;
  h: number;
  body: string;
}

function paisleyAt(ctx: Ctx, ink: Inks, x: number, y: number, flip: boolean, s = 1): string {
  const { paisley } = shapes(ctx);
  const z = zari(ctx, ink.fg);
  const t = `translate(${x},${y})${flip ? ' translate(50,0) scale(-1,1)' : ''} scale(${s})`;
  // Concentric outlines are how a woven paisley reads at thumbnail size.
  return (
    `<g transform="${t}">` +
    `<use href="#${paisley}" fill="${z}"/>` +
    `<use href="#${paisley}" transform="translate(8.5,16) scale(.66)" fill="${ink.accent}"/>` +
    `<use href="#${paisley}" transform="translate(15,28) scale(.38)" fill="${z}"/>` +
    `<circle cx="40" cy="-5" r="3" fill="${z}"/></g>`
  );
}

function flower(ctx: Ctx, ink: Inks, x: number, y: number, s: number, petals = 6, stem = true): string {
  const { petal, leaf } = shapes(ctx);
  const z = zari(ctx, ink.fg);
  let g = `<g transform="translate(${x},${y}) scale(${s})">`;
  if (stem) {
    g +=
      `<path d="M0,6Q3,14 0,22" fill="none" stroke="${ink.fg}" stroke-width="1.6"/>` +
      `<use href="#${leaf}" transform="translate(0,15) rotate(200)" fill="${z}"/>` +
      `<use href="#${leaf}" transform="translate(1,13) rotate(-25) scale(.85)" fill="${z}"/>`;
  }
  for (let i = 0; i < petals; i++) g += `<use href="#${petal}" transform="rotate(${(360 / petals) * i})" fill="${z}"/>`;
  return g + `<circle r="3" fill="${ink.accent}"/></g>`;
}

function ikatDiamond(cx: number, cy: number, hw: number, hh: number, r: () => number): string {
  // Stepped rows with ragged ends: the blur of resist-dyed yarn that makes ikat look like ikat.
  const step = 6;
  let d = '';
  for (let y = -hh; y < hh; y += step) {
    const w = Math.max(0, hw * (1 - Math.abs(y + step / 2) / hh)) + (r() - 0.5) * 7;
    if (w <= 1) continue;
    const x0 = cx - w + (r() - 0.5) * 4;
    d += `M${f(x0)},${f(cy + y)}h${f(w * 2)}v${step}h${f(-w * 2)}Z`;
  }
  return d;
}

function motifTile(ctx: Ctx, motif: Motif, ink: Inks): Tile {
  const z = zari(ctx, ink.fg);
  switch (motif) {
    case 'paisley':
      return {
        w: 120,
        h: 150,
        body:
          paisleyAt(ctx, ink, 8, 10, false) +
          paisleyAt(ctx, ink, 66, 84, true) +
          flower(ctx, ink, 96, 34, 0.55, 5, false) +
          flower(ctx, ink, 30, 118, 0.55, 5, false),
      };
    case 'buta':
      return { w: 76, h: 88, body: flower(ctx, ink, 19, 18, 0.9) + flower(ctx, ink, 57, 62, 0.9) };
    case 'floral': {
      const big = (x: number, y: number) =>
        `<g transform="translate(${x},${y})">` +
        Array.from(
          { length: 8 },
          (_, i) => `<ellipse cx="0" cy="-17" rx="7.5" ry="15" transform="rotate(${i * 45})" fill="${z}"/>`,
        ).join('') +
        Array.from(
          { length: 8 },
          (_, i) =>
            `<ellipse cx="0" cy="-8" rx="3.5" ry="7" transform="rotate(${i * 45 + 22.5})" fill="${ink.accent}"/>`,
        ).join('') +
        `<circle r="5" fill="${z}"/></g>`;
      const { leaf } = shapes(ctx);
      const leaves = [
        [50, 50, 35],
        [50, 50, 215],
        [140, 140, 125],
        [140, 140, 305],
      ]
        .map(
          ([x, y, a]) =>
            `<use href="#${leaf}" transform="translate(${x},${y}) rotate(${a}) translate(20,0) scale(1.3)" fill="${z}"/>`,
        )
        .join('');
      return {
        w: 180,
        h: 180,
        body: leaves + big(50, 50) + big(140, 140) + flower(ctx, ink, 140, 40, 0.8) + flower(ctx, ink, 45, 130, 0.8),
      };
    }
    case 'checks':
      return {
        w: 84,
        h: 84,
        body:
          `<rect width="84" height="16" fill="${ink.accent}" fill-opacity=".55"/>` +
          `<rect width="16" height="84" fill="${ink.accent}" fill-opacity=".55"/>` +
          `<rect y="44" width="84" height="3" fill="${z}"/><rect x="44" width="3" height="84" fill="${z}"/>` +
          `<rect y="25" width="84" height="1.4" fill="${ink.fg}" fill-opacity=".6"/><rect x="25" width="1.4" height="84" fill="${ink.fg}" fill-opacity=".6"/>`,
      };
    case 'stripes':
      return {
        w: 96,
        h: 96,
        body:
          `<rect width="20" height="96" fill="${ink.accent}"/>` +
          `<rect x="24" width="4" height="96" fill="${z}"/>` +
          `<rect x="56" width="2.5" height="96" fill="${ink.fg}"/>` +
          `<rect x="64" width="9" height="96" fill="${shade(ink.ground, -0.12)}"/>` +
          `<rect x="82" width="2.5" height="96" fill="${ink.accent}"/>`,
      };
    case 'ikat': {
      const r = rng('ikat');
      const centres: [number, number][] = [
        [70, 60],
        [0, 0],
        [140, 0],
        [0, 120],
        [140, 120],
      ];
      let outer = '';
      let inner = '';
      let core = '';
      for (const [x, y] of centres) {
        outer += ikatDiamond(x, y, 46, 52, r);
        inner += ikatDiamond(x, y, 28, 32, r);
        core += ikatDiamond(x, y, 10, 12, r);
      }
      return {
        w: 140,
        h: 120,
        body:
          `<path d="${outer}" fill="${ink.fg}"/><path d="${inner}" fill="${ink.accent}"/>` +
          `<path d="${core}" fill="${ink.ground}"/>`,
      };
    }
    case 'temple':
      // Kanjeevaram bodies carry small zari butta on a diamond grid; the temple towers go on borders.
      return {
        w: 80,
        h: 80,
        body:
          `<g fill="${z}"><path d="M20,12L25,20L20,28L15,20Z"/><path d="M12,20L20,16L28,20L20,24Z"/>` +
          `<path d="M60,52L65,60L60,68L55,60Z"/><path d="M52,60L60,56L68,60L60,64Z"/></g>` +
          `<circle cx="60" cy="20" r="2.2" fill="${ink.fg}"/><circle cx="20" cy="60" r="2.2" fill="${ink.fg}"/>`,
      };
    case 'leheriya': {
      // Diagonal waves drawn into the tile itself (a rotated pattern would be slow): each stripe runs
      // along (1,-1) and its wave period divides the tile, so it wraps seamlessly.
      const T = 120;
      const cols = [
        ink.fg,
        ink.accent,
        shade(ink.ground, 0.35),
        ink.fg,
        shade(ink.accent, 0.3),
        shade(ink.ground, -0.2),
      ];
      const ws = [9, 5, 3, 7, 4, 3];
      const body = cols
        .map((c, k) => {
          const c0 = (k * T) / cols.length;
          let d = '';
          for (let t = -T; t <= 2 * T; t += 6) {
            const off = 7 * Math.sin((2 * Math.PI * t) / (T / 2));
            d += `${t === -T ? 'M' : 'L'}${f(t + off * 0.7071)},${f(c0 - t + off * 0.7071)}`;
          }
          const wrap = [T, -T]
            .map(
              (y) => `<path d="${d}" transform="translate(0,${y})" fill="none" stroke="${c}" stroke-width="${ws[k]}"/>`,
            )
            .join('');
          return `<path d="${d}" fill="none" stroke="${c}" stroke-width="${ws[k]}"/>` + wrap;
        })
        .join('');
      return { w: T, h: T, body };
    }
    case 'bandhani': {
      const tie = shade(ink.ground, -0.25);
      const ring = (cx: number, cy: number) => {
        let d = `<circle cx="${cx}" cy="${cy}" r="2.6"/>`;
        for (let i = 0; i < 8; i++) {
          const a = (i / 8) * Math.PI * 2;
          d += `<circle cx="${f(cx + Math.cos(a) * 8)}" cy="${f(cy + Math.sin(a) * 8)}" r="2.4"/>`;
        }
        return d;
      };
      const ties = [
        [16, 16],
        [48, 48],
        [48, 16],
        [16, 48],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1"/>`)
        .join('');
      return {
        w: 64,
        h: 64,
        body:
          `<g fill="${ink.fg}">${ring(16, 16)}${ring(48, 48)}<circle cx="48" cy="16" r="2.8"/><circle cx="16" cy="48" r="2.8"/></g>` +
          `<g fill="${tie}">${ties}</g>`,
      };
    }
    case 'plain':
      // Slubs: the slight irregular thickening of handloom yarn, the only pattern plain cloth has.
      return {
        w: 60,
        h: 46,
        body:
          `<rect y="11" width="34" height="1.6" fill="${shade(ink.ground, -0.1)}" fill-opacity=".6"/>` +
          `<rect x="26" y="33" width="30" height="1.4" fill="${shade(ink.ground, 0.12)}" fill-opacity=".6"/>`,
      };
  }
}

export interface MotifOpts {
  motif: Motif;
  ground: string;
  fg: string;
  accent: string;
  scale: number;
  /** Horizontal squeeze: cloth turning away from the camera foreshortens its motifs. */
  squeeze?: number;
  dx?: number;
  dy?: number;
}

/** A filled textile surface: ground colour plus the motif repeat. */
export function motifFill(ctx: Ctx, o: MotifOpts): string {
  const key = `motif:${o.motif}:${o.ground}:${o.fg}:${o.accent}:${o.scale}:${o.squeeze ?? 1}:${Math.round(o.dx ?? 0)}:${Math.round(o.dy ?? 0)}`;
  return ctx.url(key, (id) => {
    const t = motifTile(ctx, o.motif, { ground: o.ground, fg: o.fg, accent: o.accent });
    return tile(
      id,
      t.w,
      t.h,
      `<rect width="${t.w}" height="${t.h}" fill="${o.ground}"/>${t.body}`,
      o.scale,
      o.squeeze,
      o.dx,
      o.dy,
    );
  });
}

/** Body cloth of the current product at a given scale. */
export function bodyFill(ctx: Ctx, scale: number, squeeze = 1, dx = 0): string {
  const p = ctx.pal;
  return motifFill(ctx, {
    motif: ctx.motif,
    ground: p.body,
    fg: p.onBody,
    accent: accentOnBody(ctx),
    scale,
    squeeze,
    dx,
  });
}

/** The motif's second colour on the body: the border colour, unless it would disappear. */
function accentOnBody(ctx: Ctx): string {
  const p = ctx.pal;
  return ctx.motif === 'ikat' || ctx.motif === 'checks' || ctx.motif === 'stripes' || ctx.motif === 'leheriya'
    ? p.border
    : shade(p.body, -0.18);
}

/** Which motif a border band carries: a finer version of the body's, or a zari lattice. */
function borderMotif(m: Motif): Motif {
  if (m === 'checks' || m === 'stripes' || m === 'plain' || m === 'leheriya') return 'temple';
  if (m === 'floral') return 'buta';
  return m;
}

export function borderFill(ctx: Ctx, scale: number, squeeze = 1, dx = 0): string {
  const p = ctx.pal;
  return motifFill(ctx, {
    squeeze,
    dx,
    motif: borderMotif(ctx.motif),
    ground: p.border,
    fg: p.onBorder,
    accent: shade(p.border, -0.2),
    scale,
  });
}

/** The richest band of a pallu: big motifs in zari on the border colour. */
export function palluFill(ctx: Ctx, scale: number): string {
  const p = ctx.pal;
  const m: Motif = ctx.motif === 'plain' || ctx.motif === 'checks' || ctx.motif === 'stripes' ? 'buta' : ctx.motif;
  return motifFill(ctx, { motif: m, ground: p.border, fg: p.onBorder, accent: p.body, scale });
}

/** Jaal: a diamond lattice woven entirely in zari, used for the densest pallu bands. */
export function jaalFill(ctx: Ctx, scale: number): string {
  const p = ctx.pal;
  return ctx.url(`jaal:${scale}`, (id) => {
    const z = zari(ctx, p.motif);
    return tile(
      id,
      28,
      20,
      `<rect width="28" height="20" fill="${shade(p.motif, -0.3)}"/>` +
        `<path d="M0,10L14,0L28,10L14,20Z" fill="${z}"/>` +
        `<path d="M14,6L19,10L14,14L9,10Z" fill="${p.border}"/>`,
      scale,
    );
  });
}

/**
 * Fine twill lines and weft ticks at low opacity, laid over any fill. At 320 px they melt into a
 * slight tooth; in close-ups they are the threads.
 */
export function weave(ctx: Ctx, scale = 1, strength = 1): string {
  return ctx.url(`weave:${scale}:${strength}`, (id) => {
    const a = (0.09 * strength).toFixed(3);
    const b = (0.07 * strength).toFixed(3);
    // In close-ups the warp shows as well: faint vertical threads between the twill lines.
    const warp = scale > 1.5 ? `<rect x="4" width="1" height="6" fill="#000" fill-opacity="${b}"/>` : '';
    return tile(
      id,
      6,
      6,
      `<path d="M-1,7L7,-1M-1,1L1,-1M5,7L7,5" stroke="#000" stroke-opacity="${a}" stroke-width="1.3"/>` +
        `<rect y="2" width="6" height="1" fill="#fff" fill-opacity="${b}"/>${warp}`,
      scale,
    );
  });
}

/**
 * Soft folds as a gradient of alternating shadow and light across an object's bounding box.
 * `strength` near .3 reads as silk, higher as heavy drape.
 */
export function folds(ctx: Ctx, count: number, strength: number, vertical = false, edges = 0.25): string {
  const r = ctx.rand;
  return `url(#${ctx.once((id) => {
    const [x2, y2] = vertical ? [0, 1] : [1, 0];
    let stops = `<stop offset="0" stop-color="#000" stop-opacity="${edges}"/>`;
    for (let i = 1; i <= count; i++) {
      const c = (i - 0.5 + (r() - 0.5) * 0.5) / count;
      const w = 0.35 / count;
      stops +=
        `<stop offset="${n3(Math.max(0.01, c - w))}" stop-color="#fff" stop-opacity="${n3(strength * 0.5 * r())}"/>` +
        `<stop offset="${n3(c)}" stop-color="#000" stop-opacity="${n3(strength * (0.5 + r() * 0.5))}"/>` +
        `<stop offset="${n3(Math.min(0.99, c + w))}" stop-color="#fff" stop-opacity="${n3(strength * 0.45)}"/>`;
    }
    stops += `<stop offset="1" stop-color="#000" stop-opacity="${edges}"/>`;
    return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops}</linearGradient>`;
  })})`;
}

/** Silk catches light in a broad diagonal glow. */
export function sheen(ctx: Ctx, strength = 0.16): string {
  return ctx.url(
    `sheen:${strength}`,
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset=".42" stop-color="#fff" stop-opacity="${strength}"/>` +
      `<stop offset=".55" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${strength * 0.8}"/></linearGradient>`,
  );
}

/** Linear gradient from `a` to `b` along the object box (shading of props, wood, metal). */
export function grad(ctx: Ctx, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  const key = `grad:${JSON.stringify(stops)}:${x2}:${y2}`;
  return ctx.url(
    key,
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
      stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
        .join('') +
      `</linearGradient>`,
  );
}

/** A glow of one colour fading to nothing at its edge: the light and shadow pools of every scene. */
export function fade(ctx: Ctx, colour: string, opacity: number, cx = 0.5, cy = 0.5, r = 0.5): string {
  return radial(
    ctx,
    [
      [0, colour, opacity],
      [1, colour, 0],
    ],
    cx,
    cy,
    r,
  );
}

export function radial(ctx: Ctx, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  const key = `radial:${JSON.stringify(stops)}:${cx}:${cy}:${r}`;
  return ctx.url(
    key,
    (id) =>
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">` +
      stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
        .join('') +
      `</radialGradient>`,
  );
}

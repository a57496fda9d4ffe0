/**
 * Hero banners and collection posters: pure artwork, no text (the app overlays real, accessible
 * HTML headings). Banners keep the left (desktop) or top (mobile) calm for that headline.
 */
import type { DemoCollection, Motif } from '../../demo-types.ts';
import { Ctx, type Colors } from './ctx.ts';
import { garment } from './garments.ts';
import { foldedSaree, hangingSaree } from './folded.ts';
import { grad, motifFill, fade, radial } from './patterns.ts';
import { diya, marigold } from './props.ts';
import { distance, luminance, mix, shade } from './util.ts';
import { vignette } from './scenes.ts';

interface Drape {
  colors: Colors;
  motif: Motif;
}

interface BannerDef {
  ground: [string, string];
  layout: 'rail' | 'stack';
  drapes: Drape[];
}

export const BANNERS: readonly BannerDef[] = [
  {
    // The boutique rail: festive silks hung side by side, pallus and tassels showing.
    ground: ['#fbf6ee', '#f1dcc6'],
    layout: 'rail',
    drapes: [
      { colors: { body: '#0f5e63', border: '#b0245a', motif: '#d4a94a' }, motif: 'paisley' },
      { colors: { body: '#f6efdc', border: '#c9a24a', motif: '#d4a94a' }, motif: 'buta' },
      { colors: { body: '#7b1e2b', border: '#0b4d32', motif: '#d4a94a' }, motif: 'temple' },
      { colors: { body: '#d9a21b', border: '#7b1e2b', motif: '#f4efe3' }, motif: 'bandhani' },
      { colors: { body: '#b0186f', border: '#d4a94a', motif: '#e0b95a' }, motif: 'buta' },
    ],
  },
  {
    // The stack on the counter: folded silks, each fold edge a different border.
    ground: ['#fbf5ea', '#f3d9c0'],
    layout: 'stack',
    drapes: [
      { colors: { body: '#0b4d32', border: '#d4a94a', motif: '#e0b95a' }, motif: 'buta' },
      { colors: { body: '#f4c6cf', border: '#b0186f', motif: '#d4a94a' }, motif: 'floral' },
      { colors: { body: '#2e3a6e', border: '#9e2a2b', motif: '#e0b95a' }, motif: 'temple' },
      { colors: { body: '#d9a21b', border: '#7b1e2b', motif: '#f4efe3' }, motif: 'ikat' },
      { colors: { body: '#6e1630', border: '#c99a2e', motif: '#d4a94a' }, motif: 'paisley' },
    ],
  },
];

function rail(ctxs: Ctx[], ground: Ctx, mobile: boolean): string {
  const wood = grad(ground, [
    [0, '#c9a173'],
    [0.45, '#8e6440'],
    [1, '#5e3f24'],
  ]);
  const brass = grad(ground, [
    [0, '#f3dc9c'],
    [0.5, '#b8913f'],
    [1, '#7a5a22'],
  ]);
  const [x0, x1, y, w, step, len, k] = mobile ? [40, 728, 430, 210, 230, 440, 0.8] : [930, 1900, 58, 210, 176, 560, 1];
  const n = mobile ? 3 : ctxs.length;
  let s = `<path d="M${x0},${y + 14}L${x1},${y + 14}" stroke="#000" stroke-opacity=".08" stroke-width="26"/>`;
  s += `<rect x="${x0}" y="${y - 11}" width="${x1 - x0}" height="22" rx="11" fill="${wood}"/>`;
  s += `<circle cx="${x0}" cy="${y}" r="18" fill="${brass}"/><circle cx="${x1}" cy="${y}" r="18" fill="${brass}"/>`;
  for (let i = 0; i < n; i++) {
    const c = ctxs[(i + (mobile ? 1 : 0)) % ctxs.length]!;
    const x = (mobile ? 60 : 960) + i * step;
    s += hangingSaree(c, x, y + 8, w, len - ((i * 53) % 110), 14 + ((i * 7) % 12), k);
  }
  return s;
}

function pile(
  ctxs: Ctx[],
  first: number,
  n: number,
  x: number,
  base: number,
  w: number,
  d: number,
  th: number,
  k: number,
): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const c = ctxs[(first + i) % ctxs.length]!;
    const dx = [0, 14, -10, 8, -4][i] ?? 0;
    s += foldedSaree(c, {
      x: x + dx,
      y: base - th - d - i * (th + 4),
      w,
      d,
      th,
      inset: 24 * k,
      pallu: i === n - 1 ? 0.6 : null,
      scale: k,
    });
  }
  return s;
}

function stack(ctxs: Ctx[], mobile: boolean): string {
  if (mobile) return pile(ctxs, 0, 4, 70, 940, 560, 150, 46, 0.9);
  // A shorter pile behind and to the right gives the counter some depth.
  return pile(ctxs, 3, 3, 1520, 610, 380, 110, 36, 0.75) + pile(ctxs, 0, 5, 1060, 690, 620, 160, 48, 1);
}

export function bannerSvg(index: number, variant: 'desktop' | 'mobile', width: number, height: number): string {
  const def = BANNERS[index % BANNERS.length]!;
  const mobile = variant === 'mobile';
  const first = def.drapes[0]!;
  const ground = new Ctx(first.colors, first.motif, `banner${index}`, 'g');
  const ctxs = def.drapes.map((dr, i) => new Ctx(dr.colors, dr.motif, `banner${index}:${i}`, `c${i}_`));
  const bg = grad(
    ground,
    [
      [0, def.ground[0]],
      [0.45, def.ground[0]],
      [1, def.ground[1]],
    ],
    mobile ? 0 : 1,
    mobile ? 1 : 0,
  );
  const warm = fade(ground, '#fff8ec', 0.9, mobile ? 0.5 : 0.25, mobile ? 0.2 : 0.45, 0.55);
  // The motif as a whisper behind the headline ties the calm side to the cloth without competing.
  const ghost = motifFill(ground, { motif: 'paisley', ground: 'none', fg: '#b08a3e', accent: 'none', scale: 1.4 });

  let s = `<rect width="${width}" height="${height}" fill="${bg}"/>`;
  s += `<rect width="${width}" height="${height}" fill="${ghost}" fill-opacity=".05"/>`;
  s += `<rect width="${width}" height="${height}" fill="${warm}"/>`;
  if (!mobile)
    s += `<rect y="${height - 70}" width="${width}" height="70" fill="${grad(ground, [
      [0, '#8a6a4a', 0],
      [1, '#8a6a4a', 0.12],
    ])}"/>`;
  s += def.layout === 'rail' ? rail(ctxs, ground, mobile) : stack(ctxs, mobile);
  if (!mobile && def.layout === 'rail') {
    s += diya(ground, 800, 640, 0.7) + marigold(930, 690, 34) + marigold(1010, 672, 26) + marigold(690, 684, 22);
  } else if (!mobile) {
    s += diya(ground, 860, 630, 0.8) + marigold(1000, 690, 36) + marigold(1780, 684, 30) + marigold(1850, 660, 22);
  } else if (def.layout === 'rail') {
    s += marigold(690, 930, 30) + marigold(620, 945, 22) + marigold(80, 940, 24);
  } else {
    s += marigold(690, 935, 30) + marigold(730, 890, 22) + marigold(60, 935, 26);
  }
  s += vignette(ground, width, height, 0.1);
  return ground.doc(width, height, s, ctxs);
}

/** Garment colours for a poster: the accent is the cloth, set off against the backdrop. */
function posterColors(poster: DemoCollection['poster']): Colors {
  const dark = luminance(poster.background) < 0.2;
  const gold = '#d4a94a';
  return {
    body: poster.accent,
    border: dark ? shade(poster.background, 0.12) : shade(poster.background, -0.45),
    motif: distance(poster.accent, gold) < 0.25 ? (dark ? '#f4efe3' : shade(gold, -0.3)) : gold,
  };
}

/** A jharokha arch framing a garment on the collection's colour. */
export function posterSvg(slug: string, poster: DemoCollection['poster']): string {
  const ctx = new Ctx(posterColors(poster), poster.motif, `poster:${slug}`);
  const bgc = poster.background;
  const dark = luminance(bgc) < 0.2;
  const inner = dark ? mix(bgc, '#fff8ec', 0.14) : mix(bgc, '#fffdf8', 0.55);
  const line = dark ? poster.accent : shade(bgc, -0.45);
  const arch =
    'M110,1440L110,470C110,330 250,240 385,190C455,162 508,120 540,62C572,120 625,162 695,190C830,240 970,330 970,470L970,1440Z';
  const ghost = motifFill(ctx, {
    motif: poster.motif === 'plain' ? 'buta' : poster.motif,
    ground: 'none',
    fg: line,
    accent: 'none',
    scale: 1,
  });

  let s = `<rect width="1080" height="1440" fill="${grad(ctx, [
    [0, shade(bgc, 0.06)],
    [1, shade(bgc, -0.12)],
  ])}"/>`;
  s += `<rect width="1080" height="1440" fill="${ghost}" fill-opacity=".08"/>`;
  s += `<path d="${arch}" transform="translate(14,16)" fill="#000" fill-opacity=".15"/>`;
  s += `<path d="${arch}" fill="${radial(
    ctx,
    [
      [0, shade(inner, 0.15)],
      [1, inner],
    ],
    0.5,
    0.45,
    0.7,
  )}"/>`;
  s += `<path d="${arch}" fill="none" stroke="${line}" stroke-width="6"/>`;
  s += `<path d="${arch}" transform="translate(540,800) scale(.95,.96) translate(-540,-800)" fill="none" stroke="${line}" stroke-width="2" stroke-opacity=".7"/>`;
  s += `<rect y="1360" width="1080" height="80" fill="#000" fill-opacity=".12"/>`;
  // Drawn at full size: a scaled group would push every pattern off librsvg's fast path.
  s += `<ellipse cx="540" cy="${poster.kind === 'kurta' || poster.kind === 'salwar' ? 1392 : 1340}" rx="340" ry="34" fill="${fade(ctx, '#000', 0.35)}"/>`;
  s += garment(ctx, poster.kind);
  s += vignette(ctx, 1080, 1440, 0.2);
  return ctx.doc(1080, 1440, s);
}

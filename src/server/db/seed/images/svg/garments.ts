/**
 * Full-view garments in a 1080×1440 frame, styled like catalogue shots: sarees and lehengas on a
 * headless dress form, kurtas and suits on a hanger, dupattas over a rod. Shapes are authored as a
 * few points and smoothed; the cloth look comes from trim.ts and patterns.ts.
 */
import type { GarmentKind } from '../../demo-types.ts';
import { along, band, pointAt, region, sub, type Band } from './cloth.ts';
import type { Ctx } from './ctx.ts';
import { bodyFill, folds, grad, motifFill, sheen, weave, zari } from './patterns.ts';
import { border, borderCrest, castShadow, cloth, crease, palluEnd, tassels, zariLine } from './trim.ts';
import { f, luminance, mix, poly, sampleCurve, shade, smoothPath, type Pt } from './util.ts';

const clip = (ctx: Ctx, d: string): string =>
  `url(#${ctx.once((id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`)})`;

const continueWith = (d: string): string => d.replace(/^M/, 'L');

// ---------------------------------------------------------------------------------------------
// Dress form

const TORSO =
  'M505,258C470,266 428,280 396,296C376,306 368,330 370,356C372,392 392,430 410,470' +
  'C424,500 434,530 438,560L642,560C646,530 656,500 670,470C688,430 708,392 710,356' +
  'C712,330 704,306 684,296C652,280 610,266 575,258Z';

const BLOUSE =
  'M505,262C470,270 430,282 398,298C378,308 366,330 368,352C369,368 374,380 386,386L402,390C404,420 406,450 410,472' +
  'C480,484 600,484 670,472C674,450 676,420 678,390L694,386C706,380 711,368 712,352C714,330 702,308 682,298' +
  'C650,282 610,270 575,262C562,306 518,306 505,262Z';

function dressForm(ctx: Ctx): string {
  const linen = grad(
    ctx,
    [
      [0, '#a8957a'],
      [0.28, '#e6d9c3'],
      [0.62, '#d9c9ae'],
      [1, '#9c8a70'],
    ],
    1,
    0,
  );
  const wood = grad(
    ctx,
    [
      [0, '#4a311d'],
      [0.4, '#8a623e'],
      [1, '#3d2816'],
    ],
    1,
    0,
  );
  return (
    `<path d="M507,264C510,230 512,200 514,182L566,182C568,200 570,230 573,264Z" fill="${linen}"/>` +
    `<rect x="534" y="148" width="12" height="30" fill="${wood}"/>` +
    `<circle cx="540" cy="148" r="10" fill="${wood}"/>` +
    `<ellipse cx="540" cy="181" rx="42" ry="10" fill="${wood}"/>` +
    `<path d="${TORSO}" fill="${linen}"/>` +
    `<path d="${TORSO}" fill="${weave(ctx, 1.4, 0.8)}"/>`
  );
}

function blouse(ctx: Ctx, fill: string): string {
  const p = ctx.pal;
  const bust = grad(
    ctx,
    [
      [0, '#000', 0.28],
      [0.22, '#fff', 0.1],
      [0.45, '#000', 0.05],
      [0.55, '#000', 0.12],
      [0.78, '#fff', 0.06],
      [1, '#000', 0.32],
    ],
    1,
    0,
  );
  return (
    cloth(ctx, BLOUSE, fill, [bust]) +
    `<path d="${BLOUSE}" fill="none" stroke="${shade(p.motif, -0.15)}" stroke-width="5"/>` +
    `<path d="${BLOUSE}" fill="none" stroke="${shade(p.motif, 0.45)}" stroke-width="1.6"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Saree

export function saree(ctx: Ctx): string {
  const N = 9;
  const hemY = (x: number) => 1320 - 0.00028 * (x - 540) ** 2;
  const xw = (i: number) => 494 + (104 * i) / N;
  const xh = (i: number) => 418 + (250 * i) / N;
  const hem: Pt[] = [];
  for (let x = 352; x < xh(0) - 8; x += 22) hem.push([x, hemY(x)]);
  for (let i = 0; i <= N; i++) {
    hem.push([xh(i), hemY(xh(i)) + 12]);
    if (i < N) {
      const xm = (xh(i) + xh(i + 1)) / 2;
      hem.push([xm, hemY(xm) - 1]);
    }
  }
  for (let x = xh(N) + 22; x <= 728; x += 22) hem.push([x, hemY(x)]);
  hem.push([728, hemY(728)]);

  const skirt =
    smoothPath(
      [
        [440, 558],
        [406, 680],
        [386, 860],
        [368, 1060],
        [352, hemY(352)],
      ],
      false,
    ) +
    hem.map((p) => `L${f(p[0])},${f(p[1])}`).join('') +
    continueWith(
      smoothPath(
        [
          [728, hemY(728)],
          [712, 1060],
          [694, 860],
          [676, 680],
          [640, 558],
        ],
        false,
      ),
    ) +
    'Z';

  const hemBand: Band = {
    a: hem.map((p) => [p[0], p[1] - 104] as [number, number]),
    b: hem.map((p) => [p[0], p[1]] as [number, number]),
  };
  const round = grad(
    ctx,
    [
      [0, '#000', 0.34],
      [0.16, '#000', 0.08],
      [0.36, '#fff', 0.1],
      [0.6, '#fff', 0],
      [0.82, '#000', 0.12],
      [1, '#000', 0.38],
    ],
    1,
    0,
  );
  const pleatShade = grad(
    ctx,
    [
      [0, '#fff', 0.2],
      [0.45, '#fff', 0],
      [0.8, '#000', 0.16],
      [1, '#000', 0.34],
    ],
    1,
    0,
  );

  let pleats = '';
  let pleatLines = '';
  for (let i = 0; i < N; i++) {
    const xm = (xh(i) + xh(i + 1)) / 2;
    pleats += `<path d="${poly([
      [xw(i), 566],
      [xw(i + 1), 566],
      [xh(i + 1), hemY(xh(i + 1)) + 12],
      [xm, hemY(xm) - 1],
      [xh(i), hemY(xh(i)) + 12],
    ])}" fill="${pleatShade}"/>`;
    pleatLines += `M${f(xw(i))},566L${f(xh(i))},${f(hemY(xh(i)) + 12)}`;
  }

  // The drape across the body from the left hip over the right shoulder (Nivi style).
  const drape = band(
    [
      [386, 498],
      [452, 424],
      [522, 348],
      [590, 284],
      [636, 266],
    ],
    [
      [444, 650],
      [522, 560],
      [600, 452],
      [668, 352],
      [706, 318],
    ],
  );
  // The pallu, brought forward over the shoulder so its woven end shows.
  const pallu = band(
    [
      [646, 300],
      [652, 470],
      [660, 680],
      [668, 880],
      [674, 1084],
    ],
    [
      [706, 318],
      [742, 470],
      [778, 680],
      [816, 880],
      [852, 1066],
    ],
  );
  const drapeD = region(drape, 0, 1);
  const palluD = region(pallu, 0, 1);

  let s = dressForm(ctx);
  s += `<g clip-path="${clip(ctx, skirt)}">`;
  s += cloth(ctx, skirt, bodyFill(ctx, 0.62), [], false);
  s += border(ctx, hemBand, 104, 0.5);
  s += borderCrest(ctx, hemBand, 380, 44, 104);
  s += pleats;
  s += `<path d="${skirt}" fill="${round}"/>`;
  s += `<path d="${skirt}" fill="${sheen(ctx, 0.12)}"/>`;
  s += crease('M432,600C418,760 400,980 380,1290') + crease('M664,600C680,800 700,1000 712,1290', false, 0.8);
  s += `</g>`;
  s += `<path d="${pleatLines}" stroke="${shade(ctx.pal.body, -0.55)}" stroke-opacity=".4" stroke-width="1.6"/>`;
  s += `<path d="${skirt}" fill="none" stroke="${shade(ctx.pal.body, -0.45)}" stroke-opacity=".4" stroke-width="1.5"/>`;
  // Waist tuck: cloth gathered into the petticoat.
  s += `<path d="M440,562Q540,574 640,562" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="9"/>`;
  s += blouse(
    ctx,
    motifFill(ctx, { motif: 'plain', ground: ctx.pal.border, fg: ctx.pal.motif, accent: ctx.pal.motif, scale: 1 }),
  );

  s += castShadow(drapeD, 5, 9, 0.1);
  s += cloth(ctx, drapeD, bodyFill(ctx, 0.62), [sheen(ctx, 0.14)]);
  s += border(ctx, sub(drape, 0.2, 0), 30);
  s += border(ctx, sub(drape, 0.8, 1), 30);
  for (const [t, light] of [
    [0.34, false],
    [0.46, true],
    [0.6, false],
    [0.7, true],
  ] as const)
    s += crease(along(drape, t, 0.03, 0.88), light, 0.7);

  s += castShadow(palluD, -9, 6, 0.12);
  s += cloth(ctx, palluD, bodyFill(ctx, 0.62), [sheen(ctx, 0.12)]);
  s += border(ctx, sub(pallu, 0.15, 0), 26);
  s += border(ctx, sub(pallu, 0.85, 1), 26);
  s += palluEnd(ctx, pallu, 0.66, 0.62);
  for (const [t, light] of [
    [0.3, false],
    [0.42, true],
    [0.56, false],
    [0.7, true],
    [0.78, false],
  ] as const)
    s += crease(along(pallu, t, 0.02, 1), light, 0.8);
  s += tassels(ctx, pallu, 18, 44);
  // The cloth rolling over the shoulder, where the drape turns into the hanging pallu.
  const cap = 'M628,270C660,262 696,278 712,308L716,334C694,318 662,304 630,300Z';
  s += `<path d="${cap}" fill="${bodyFill(ctx, 0.62)}"/>`;
  s += `<path d="${cap}" fill="${grad(ctx, [
    [0, '#fff', 0.18],
    [0.6, '#000', 0.05],
    [1, '#000', 0.3],
  ])}"/>`;
  s += `<path d="M628,270C660,262 696,278 712,308" fill="none" stroke="${ctx.pal.border}" stroke-width="8"/>`;
  s += zariLine(ctx, 'M630,274C660,267 693,282 708,309', 2);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Lehenga

export function lehenga(ctx: Ctx): string {
  const p = ctx.pal;
  const N = 14;
  const hemY = (x: number) => 1326 - 0.00011 * (x - 540) ** 2;
  const xw = (i: number) => 444 + (192 * i) / N;
  const xh = (i: number) => 196 + (688 * i) / N;
  const hem: Pt[] = [];
  for (let i = 0; i <= N; i++) {
    hem.push([xh(i), hemY(xh(i)) - 8]);
    if (i < N) {
      const xm = (xh(i) + xh(i + 1)) / 2;
      hem.push([xm, hemY(xm) + 14]);
    }
  }
  const skirt =
    smoothPath(
      [
        [444, 558],
        [404, 650],
        [336, 850],
        [262, 1080],
        [196, hemY(196) - 8],
      ],
      false,
    ) +
    continueWith(smoothPath(hem, false)) +
    continueWith(
      smoothPath(
        [
          [884, hemY(884) - 8],
          [818, 1080],
          [744, 850],
          [676, 650],
          [636, 558],
        ],
        false,
      ),
    ) +
    'Z';
  const at = (dy: number): Band => {
    const pts = sampleCurve(hem, 60);
    return {
      a: pts.map(([x, y]) => [x, y - dy] as [number, number]),
      b: pts.map(([x, y]) => [x, y - dy + 1] as [number, number]),
    };
  };
  const hemBand = (top: number, bottom: number): Band => ({ a: at(top).a, b: at(bottom).a });
  const kali = grad(
    ctx,
    [
      [0, '#000', 0.36],
      [0.5, '#fff', 0.2],
      [1, '#000', 0.36],
    ],
    1,
    0,
  );
  const round = grad(
    ctx,
    [
      [0, '#000', 0.3],
      [0.2, '#000', 0.05],
      [0.4, '#fff', 0.08],
      [0.65, '#fff', 0],
      [0.85, '#000', 0.1],
      [1, '#000', 0.34],
    ],
    1,
    0,
  );

  let kalis = '';
  let seams = '';
  for (let i = 0; i < N; i++) {
    const xm = (xh(i) + xh(i + 1)) / 2;
    kalis += `<path d="${poly([
      [xw(i), 560],
      [xw(i + 1), 560],
      [xh(i + 1), hemY(xh(i + 1)) - 8],
      [xm, hemY(xm) + 14],
      [xh(i), hemY(xh(i)) - 8],
    ])}" fill="${kali}"/>`;
    if (i > 0) seams += `M${f(xw(i))},572L${f(xh(i) + (xw(i) - xh(i)) * 0.13)},${f(hemY(xh(i)) - 180)}`;
  }
  const wide = hemBand(190, 0);

  let s = dressForm(ctx);
  s += `<path d="${skirt}" transform="translate(0,14) scale(1,1.003)" fill="#000" fill-opacity=".06"/>`;
  s += `<g clip-path="${clip(ctx, skirt)}">`;
  s += cloth(ctx, skirt, bodyFill(ctx, 0.7), [], false);
  s += zariLine(ctx, seams, 3);
  s += border(ctx, hemBand(430, 388), 42, 0.4);
  s += border(ctx, wide, 190, 0.55);
  s += `<path d="${region(wide, 0.2, 0.6)}" fill="${motifFill(ctx, { motif: ctx.motif === 'plain' || ctx.motif === 'checks' ? 'paisley' : ctx.motif, ground: p.border, fg: p.onBorder, accent: p.body, scale: 0.75 })}"/>`;
  s += zariLine(ctx, along(wide, 0.2), 3) + zariLine(ctx, along(wide, 0.6), 3);
  s += borderCrest(ctx, wide, 700, 30, 190);
  s += kalis;
  s += `<path d="${skirt}" fill="${round}"/><path d="${skirt}" fill="${sheen(ctx, 0.12)}"/>`;
  s += `</g>`;
  s += `<path d="${skirt}" fill="none" stroke="${shade(p.body, -0.45)}" stroke-opacity=".4" stroke-width="1.5"/>`;
  s += blouse(
    ctx,
    motifFill(ctx, {
      motif: ctx.motif === 'plain' ? 'buta' : ctx.motif,
      ground: p.border,
      fg: p.onBorder,
      accent: p.body,
      scale: 0.42,
    }),
  );
  // Waistband in zari.
  s += `<path d="M436,548Q540,562 644,548L646,576Q540,590 434,576Z" fill="${zari(ctx, p.motif, 'down')}"/>`;

  // A sheer dupatta over the left shoulder.
  const dup = band(
    [
      [398, 298],
      [376, 470],
      [354, 690],
      [334, 910],
      [318, 1130],
    ],
    [
      [476, 272],
      [474, 470],
      [468, 690],
      [462, 910],
      [458, 1150],
    ],
  );
  const dupD = region(dup, 0, 1);
  const dupGround = shade(p.body, luminance(p.body) > 0.45 ? -0.12 : 0.22);
  s += castShadow(dupD, 7, 6, 0.08);
  s += `<g opacity=".8">`;
  s += cloth(
    ctx,
    dupD,
    motifFill(ctx, { motif: 'bandhani', ground: dupGround, fg: p.motif, accent: p.border, scale: 0.5 }),
    [folds(ctx, 3, 0.22)],
  );
  s += border(ctx, sub(dup, 0.17, 0), 22) + border(ctx, sub(dup, 0.83, 1), 22);
  s += palluEnd(ctx, dup, 0.86, 0.45);
  s += `</g>`;
  s += crease(along(dup, 0.45, 0.05, 1), false, 0.6) + crease(along(dup, 0.62, 0.05, 1), true, 0.6);
  s += tassels(ctx, dup, 10, 34);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Kurta on a hanger (also the top of a salwar suit)

interface KurtaOpts {
  hem: number;
  slit: number;
}

function hanger(ctx: Ctx): string {
  const wood = grad(ctx, [
    [0, '#9a7048'],
    [0.5, '#c49a6a'],
    [1, '#7a5432'],
  ]);
  return (
    `<path d="M540,270L540,214C540,186 578,180 580,150C582,126 562,112 542,116" fill="none" stroke="#8c8880" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M540,270L540,214C540,186 578,180 580,150C582,126 562,112 542,116" fill="none" stroke="#d8d4cc" stroke-width="2" stroke-linecap="round"/>` +
    `<path d="M470,262Q540,240 610,262L610,276Q540,256 470,276Z" fill="${wood}"/>`
  );
}

function kurtaTop(ctx: Ctx, o: KurtaOpts): string {
  const p = ctx.pal;
  const { hem, slit } = o;
  const bodyPts: Pt[] = [
    [486, 262, 1],
    [424, 276],
    [366, 298, 1],
    [398, 380],
    [404, 470, 1],
    [402, 760],
    [398, slit, 1],
    [384, hem, 1],
    [540, hem + 14],
    [696, hem, 1],
    [682, slit, 1],
    [678, 760],
    [676, 470, 1],
    [682, 380],
    [714, 298, 1],
    [656, 276],
    [594, 262, 1],
    [540, 334],
  ];
  const bodyD = smoothPath(bodyPts);
  const back = smoothPath([
    [398, slit, 1],
    [360, hem - 4, 1],
    [540, hem + 10],
    [720, hem - 4, 1],
    [682, slit, 1],
  ]);
  const sleeveL = band(
    [
      [366, 298],
      [330, 500],
      [292, 702],
    ],
    [
      [398, 336],
      [404, 470],
      [392, 600],
      [372, 724],
    ],
  );
  const sleeveR: Band = { a: sleeveL.a.map(([x, y]) => [1080 - x, y]), b: sleeveL.b.map(([x, y]) => [1080 - x, y]) };
  const hemPts = sampleCurve(
    [
      [350, hem - 3],
      [540, hem + 14],
      [730, hem - 3],
    ],
    24,
  );
  const hemBand: Band = { a: hemPts.map(([x, y]) => [x, y - 74]), b: hemPts };

  let s = '';
  s += `<path d="M482,266Q540,246 598,266L600,320L480,320Z" fill="${shade(p.body, -0.42)}"/>`;
  s += hanger(ctx);
  s += `<path d="${back}" fill="${shade(p.body, -0.3)}"/><path d="${back}" fill="${weave(ctx)}"/>`;
  s += `<g clip-path="${clip(ctx, bodyD)}">`;
  s += cloth(ctx, bodyD, bodyFill(ctx, 0.6), [folds(ctx, 5, 0.26), sheen(ctx, 0.1)], false);
  // Embroidered yoke: two rows of zari chain stitch around the neck.
  s +=
    `<path d="M462,262L462,392Q462,420 490,420L590,420Q618,420 618,392L618,262" fill="none" stroke="${p.motif}" stroke-width="5" stroke-dasharray="2 7" stroke-linecap="round"/>` +
    `<path d="M476,262L476,384Q476,406 498,406L582,406Q604,406 604,384L604,262" fill="none" stroke="${p.border}" stroke-width="3"/>`;
  s += border(ctx, hemBand, 74, 0.45);
  s += borderCrest(ctx, hemBand, 360, 22, 74);
  s += `</g>`;
  s += `<path d="${bodyD}" fill="none" stroke="${shade(p.body, -0.45)}" stroke-opacity=".4" stroke-width="1.5"/>`;
  // Neckline trim and placket with buttons.
  s += `<path d="M486,262C500,300 520,334 540,334C560,334 580,300 594,262" fill="none" stroke="${p.border}" stroke-width="14"/>`;
  s += zariLine(ctx, 'M486,262C500,300 520,334 540,334C560,334 580,300 594,262', 2.5);
  s += `<path d="M531,334L549,334L549,486L531,486Z" fill="${p.border}"/>`;
  s += zariLine(ctx, 'M531,340L531,486L549,486L549,340', 2);
  for (const y of [360, 398, 436, 472]) s += `<circle cx="540" cy="${y}" r="4.5" fill="${zari(ctx, p.motif)}"/>`;

  for (const [sl, light] of [
    [sleeveL, 0],
    [sleeveR, 1],
  ] as const) {
    const d = region(sl, 0, 1);
    const inner = grad(
      ctx,
      [
        [0, light ? '#000' : '#fff', light ? 0.22 : 0.08],
        [1, light ? '#fff' : '#000', light ? 0.08 : 0.22],
      ],
      1,
      0,
    );
    s += castShadow(d, light ? -6 : 6, 5, 0.08);
    s += cloth(ctx, d, bodyFill(ctx, 0.6), [inner]);
    const cuff = band([pointAt(sl, 0, 0.86), pointAt(sl, 1, 0.86)], [pointAt(sl, 0, 1), pointAt(sl, 1, 1)], 8);
    s += border(ctx, cuff, 40, 0.4);
    s += crease(along(sl, 0.55, 0.1, 0.8), false, 0.6);
  }
  return s;
}

export function kurta(ctx: Ctx): string {
  return kurtaTop(ctx, { hem: 1262, slit: 980 });
}

export function salwar(ctx: Ctx): string {
  const p = ctx.pal;
  const pants = mix(p.border, p.body, 0.15);
  const legL = smoothPath([
    [418, 900, 1],
    [538, 900, 1],
    [530, 1384, 1],
    [432, 1384, 1],
  ]);
  const legR = smoothPath([
    [542, 900, 1],
    [662, 900, 1],
    [648, 1384, 1],
    [550, 1384, 1],
  ]);
  const legShade = folds(ctx, 2, 0.18);
  let s = '';
  for (const d of [legL, legR]) {
    s += cloth(ctx, d, motifFill(ctx, { motif: 'plain', ground: pants, fg: pants, accent: pants, scale: 1 }), [
      legShade,
    ]);
  }
  s += zariLine(ctx, 'M434,1356L530,1356M551,1356L648,1356', 4);
  s += kurtaTop(ctx, { hem: 1052, slit: 860 });

  const dup = band(
    [
      [356, 292],
      [326, 520],
      [302, 800],
      [284, 1100],
      [276, 1262],
    ],
    [
      [452, 280],
      [452, 520],
      [448, 800],
      [444, 1100],
      [444, 1282],
    ],
  );
  const d = region(dup, 0, 1);
  s += castShadow(d, 8, 6, 0.1);
  s += `<g opacity=".88">`;
  s += cloth(
    ctx,
    d,
    motifFill(ctx, {
      motif: ctx.motif === 'plain' ? 'buta' : 'bandhani',
      ground: p.border,
      fg: p.onBorder,
      accent: p.body,
      scale: 0.5,
    }),
    [folds(ctx, 3, 0.2)],
  );
  for (const e of [sub(dup, 0.14, 0), sub(dup, 0.86, 1)]) {
    s +=
      `<path d="${region(e, 0, 1)}" fill="${bodyFill(ctx, 0.4)}"/>` +
      zariLine(ctx, along(e, 0.05), 3) +
      zariLine(ctx, along(e, 0.9), 2);
  }
  s += palluEnd(ctx, dup, 0.88, 0.45);
  s += `</g>`;
  s += crease(along(dup, 0.4, 0.04, 1), false, 0.6) + crease(along(dup, 0.6, 0.04, 1), true, 0.6);
  s += tassels(ctx, dup, 10, 34);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Dupatta over a rod: both long borders and both tasselled ends show.

export function dupatta(ctx: Ctx): string {
  const wood = grad(ctx, [
    [0, '#c9a173'],
    [0.45, '#8e6440'],
    [1, '#5e3f24'],
  ]);
  const brass = grad(ctx, [
    [0, '#f3dc9c'],
    [0.5, '#b8913f'],
    [1, '#7a5a22'],
  ]);
  const back = band(
    [
      [620, 246],
      [662, 560],
      [712, 900],
      [752, 1224],
    ],
    [
      [792, 246],
      [814, 560],
      [846, 900],
      [884, 1204],
    ],
  );
  const front = band(
    [
      [330, 246],
      [318, 560],
      [306, 900],
      [300, 1252],
    ],
    [
      [660, 246],
      [676, 560],
      [700, 900],
      [722, 1262],
    ],
  );
  let s = '';
  s += `<path d="M252,214L828,214" stroke="#000" stroke-opacity=".08" stroke-width="30" stroke-linecap="round"/>`;
  s += `<rect x="250" y="226" width="580" height="22" rx="11" fill="${wood}"/>`;
  s += `<circle cx="246" cy="237" r="19" fill="${brass}"/><circle cx="834" cy="237" r="19" fill="${brass}"/>`;
  for (const [bd, depth] of [
    [back, 1],
    [front, 0],
  ] as const) {
    const d = region(bd, 0, 1);
    s += castShadow(d, 10, 8, 0.08);
    s += cloth(ctx, d, bodyFill(ctx, 0.6), [folds(ctx, 4, 0.24), sheen(ctx, 0.1)]);
    s += border(ctx, sub(bd, 0.12, 0), 34) + border(ctx, sub(bd, 0.88, 1), 34);
    s += palluEnd(ctx, bd, 0.82, 0.5);
    for (const t of [0.3, 0.52, 0.72]) s += crease(along(bd, t, 0.02, 1), t === 0.52, 0.7);
    s += tassels(ctx, bd, depth ? 9 : 16, 44);
    if (depth) s += `<path d="${d}" fill="#000" fill-opacity=".1"/>`;
  }
  // The fold over the rod.
  s += `<path d="M326,236Q490,226 664,236L664,262Q490,252 326,262Z" fill="${bodyFill(ctx, 0.6)}"/>`;
  s += `<path d="M326,236Q490,226 664,236L664,262Q490,252 326,262Z" fill="${grad(ctx, [
    [0, '#fff', 0.25],
    [1, '#000', 0.25],
  ])}"/>`;
  return s;
}

export function garment(ctx: Ctx, kind: GarmentKind): string {
  switch (kind) {
    case 'saree':
      return saree(ctx);
    case 'lehenga':
      return lehenga(ctx);
    case 'kurta':
      return kurta(ctx);
    case 'salwar':
      return salwar(ctx);
    case 'dupatta':
      return dupatta(ctx);
  }
}

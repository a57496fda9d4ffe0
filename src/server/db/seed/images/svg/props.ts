/** Small styling props for flat-lays and banners: a brass diya, bangles, marigolds. */
import type { Ctx } from './ctx.ts';
import { grad, radial, zari } from './patterns.ts';
import { f } from './util.ts';

/** A brass diya in three-quarter view: bowl, oil, pointed spout, a lit wick and its warm glow. */
export function diya(ctx: Ctx, x: number, y: number, k: number): string {
  const brass = grad(ctx, [
    [0, '#f3d68a'],
    [0.35, '#c99a3a'],
    [0.75, '#8a611f'],
    [1, '#5e3f12'],
  ]);
  const rim = grad(ctx, [
    [0, '#fbe6a8'],
    [1, '#a57a2a'],
  ]);
  const flame = radial(
    ctx,
    [
      [0, '#fffdf0'],
      [0.35, '#ffe27a'],
      [0.75, '#ff9a1f'],
      [1, '#f06a10', 0],
    ],
    0.5,
    0.7,
    0.6,
  );
  const glow = radial(ctx, [
    [0, '#ffd37a', 0.55],
    [0.5, '#ffc35a', 0.18],
    [1, '#ffc35a', 0],
  ]);
  const X = (dx: number) => f(x + dx * k);
  const Y = (dy: number) => f(y + dy * k);
  const P = (dx: number, dy: number) => `${X(dx)},${Y(dy)}`;
  return (
    `<circle cx="${X(120)}" cy="${Y(-60)}" r="${f(230 * k)}" fill="${glow}"/>` +
    `<ellipse cx="${X(20)}" cy="${Y(62)}" rx="${f(130 * k)}" ry="${f(22 * k)}" fill="#1d1006" fill-opacity=".3"/>` +
    `<path d="M${P(-110, 0)}C${P(-104, 62)} ${P(40, 84)} ${P(96, 30)}L${P(168, -20)}C${P(120, -30)} ${P(100, -22)} ${P(96, -14)}C${P(40, -40)} ${P(-110, -30)} ${P(-110, 0)}Z" fill="${brass}"/>` +
    `<ellipse cx="${X(-6)}" cy="${Y(-4)}" rx="${f(104 * k)}" ry="${f(26 * k)}" fill="${rim}"/>` +
    `<ellipse cx="${X(-4)}" cy="${Y(-1)}" rx="${f(90 * k)}" ry="${f(19 * k)}" fill="#6e4a12"/>` +
    `<path d="M${P(-70, 40)}C${P(-30, 60)} ${P(30, 58)} ${P(70, 34)}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="${f(6 * k)}"/>` +
    `<path d="M${P(140, -20)}L${P(156, -40)}" stroke="#2b1a08" stroke-width="${f(5 * k)}" stroke-linecap="round"/>` +
    `<path d="M${P(158, -130)}C${P(176, -96)} ${P(182, -66)} ${P(158, -42)}C${P(134, -64)} ${P(140, -96)} ${P(158, -130)}Z" fill="${flame}"/>` +
    `<path d="M${P(158, -92)}C${P(166, -76)} ${P(166, -60)} ${P(158, -50)}C${P(150, -60)} ${P(150, -76)} ${P(158, -92)}Z" fill="#fffdf2"/>`
  );
}

export function bangles(ctx: Ctx, x: number, y: number): string {
  const gold = grad(
    ctx,
    [
      [0, '#fbe7a6'],
      [0.35, '#c99a33'],
      [0.7, '#f0d07a'],
      [1, '#7d5a1c'],
    ],
    1,
    1,
  );
  const p = ctx.pal;
  let s = '';
  const rings: [number, number, string, number][] = [
    [x - 40, y + 20, gold, 13],
    [x + 30, y - 10, gold, 9],
    [x + 10, y + 60, p.border, 16],
  ];
  for (const [cx, cy, c, w] of rings) {
    s += `<circle cx="${cx + 8}" cy="${cy + 12}" r="82" fill="none" stroke="#1d1006" stroke-opacity=".25" stroke-width="${w + 4}"/>`;
    s += `<circle cx="${cx}" cy="${cy}" r="82" fill="none" stroke="${c}" stroke-width="${w}"/>`;
    if (c === p.border)
      s += `<circle cx="${cx}" cy="${cy}" r="82" fill="none" stroke="${zari(ctx, p.motif)}" stroke-width="5" stroke-dasharray="2 9"/>`;
    s += `<circle cx="${cx}" cy="${cy}" r="${82 - w / 2 + 1}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>`;
  }
  return s;
}

export function marigold(x: number, y: number, r: number): string {
  return (
    `<circle cx="${x + 5}" cy="${y + 8}" r="${r}" fill="#1d1006" fill-opacity=".25"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#d9741b"/>` +
    `<circle cx="${x}" cy="${y}" r="${f(r * 0.78)}" fill="none" stroke="#f4a53a" stroke-width="${f(r * 0.4)}" stroke-dasharray="3 3.5"/>` +
    `<circle cx="${x}" cy="${y}" r="${f(r * 0.45)}" fill="none" stroke="#fbc04f" stroke-width="${f(r * 0.35)}" stroke-dasharray="2.5 3"/>` +
    `<circle cx="${x}" cy="${y}" r="${f(r * 0.16)}" fill="#b4561a"/>`
  );
}

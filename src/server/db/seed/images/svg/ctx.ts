/** Per-picture drawing state: the resolved palette, a seeded random source and the <defs> list. */
import type { Motif } from '../../demo-types.ts';
import { distance, luminance, rng, shade } from './util.ts';

export interface Colors {
  body: string;
  border: string;
  motif: string;
}

export interface Palette extends Colors {
  zariDark: string;
  zariLight: string;
  /** Colour for motifs drawn on the border, readable against it. */
  onBorder: string;
  /** Colour for motifs drawn on the body, readable against it. */
  onBody: string;
}

/** Nudges a colour away from a ground it would vanish into, keeping its hue. */
function apart(c: string, ground: string, min: number): string {
  if (distance(c, ground) >= min) return c;
  return shade(c, luminance(ground) > 0.35 ? -0.38 : 0.45);
}

export function palette(c: Colors): Palette {
  // Catalog colours are free-form: a border equal to the body would draw no border at all.
  const border = apart(c.border, c.body, 0.14);
  const motif = c.motif;
  return {
    body: c.body,
    border,
    motif,
    zariDark: shade(motif, -0.5),
    zariLight: shade(motif, 0.55),
    onBody: apart(motif, c.body, 0.22),
    onBorder: apart(motif, border, 0.22),
  };
}

export class Ctx {
  readonly pal: Palette;
  readonly rand: () => number;
  private readonly defs: string[] = [];
  private readonly ids = new Map<string, string>();

  constructor(
    colors: Colors,
    readonly motif: Motif,
    seed: string,
    /** Id prefix, so several contexts (one per cloth colourway) can share one document. */
    private readonly prefix = 'd',
  ) {
    this.pal = palette(colors);
    this.rand = rng(seed);
  }

  /** Registers a definition once per key and returns its id. */
  def(key: string, make: (id: string) => string): string {
    const known = this.ids.get(key);
    if (known) return known;
    const id = `${this.prefix}${this.ids.size}`;
    this.ids.set(key, id);
    this.defs.push(make(id));
    return id;
  }

  url(key: string, make: (id: string) => string): string {
    return `url(#${this.def(key, make)})`;
  }

  /** Fresh id for a one-off definition (clip paths, per-shape gradients). */
  once(make: (id: string) => string): string {
    return this.def(`once${this.ids.size}`, make);
  }

  /** A random number in [a, b). */
  r(a: number, b: number): number {
    return a + (b - a) * this.rand();
  }

  defsXml(): string {
    return this.defs.join('');
  }

  /**
   * The document, rendered 1:1 (viewBox = size): patterns need whole-pixel tiles to stay fast, so
   * pictures are never scaled inside librsvg, only afterwards by sharp.
   */
  doc(width: number, height: number, body: string, others: Ctx[] = []): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defsXml()}${others.map((o) => o.defsXml()).join('')}</defs>${body}</svg>`
    );
  }
}

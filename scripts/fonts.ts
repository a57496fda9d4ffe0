/**
 * `npm run fonts`: the shop's two web fonts, cut to what its pages draw (docs/decisions/0024,
 * "Later (27 Nov)"), into src/web/fonts/, committed. Fontsource's Latin files are the source, so
 * the characters are the ones they cover (the Latin range below); Inter's weight axis is cut to the
 * weights the pages use, 400 to 700 (Tailwind's font-normal to font-bold), which is most of the
 * saving: 48.3 KB to about 31 KB, and Cormorant Garamond's 600 23.4 to about 21 KB. Both are
 * needed before a first paint that uses them, so every byte of them is on a phone's first screen.
 *
 * The files are kept in the repository (the harfbuzz subsetter is a development tool, and the
 * production start builds without it); scripts/fonts.test.ts fails when they are not what this
 * script makes, say after Fontsource is updated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = fileURLToPath(new URL('..', import.meta.url));
export const FONTS_DIR = path.join(root, 'src/web/fonts');

/**
 * Fontsource's `latin` subset as its CSS names it (styles.css's unicode-range for Inter), with the
 * combining accents its files carry besides, and ₹ and the arrows should a later file carry them:
 * a character the font lacks is simply not in the cut.
 */
export const LATIN: readonly (readonly [number, number])[] = [
  [0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da],
  [0x02dc, 0x02dc], [0x0300, 0x036f], [0x2000, 0x206f], [0x20ac, 0x20ac], [0x20b9, 0x20b9], [0x2122, 0x2122],
  [0x2190, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff], [0xfffd, 0xfffd],
];

interface WebFont {
  /** The file written in src/web/fonts. */
  file: string;
  /** Fontsource's file, in node_modules. */
  from: string;
  /** Its package's license, written beside it (SIL Open Font License 1.1). */
  license: string;
  variationAxes?: Record<string, { min: number; max: number }>;
}

export const WEB_FONTS: readonly WebFont[] = [
  {
    file: 'inter-latin-wght-400-700.woff2',
    from: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    license: 'node_modules/@fontsource-variable/inter/LICENSE',
    variationAxes: { wght: { min: 400, max: 700 } },
  },
  {
    file: 'cormorant-garamond-latin-600-normal.woff2',
    from: 'node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2',
    license: 'node_modules/@fontsource/cormorant-garamond/LICENSE',
  },
];

/** The name table's copyright (0, kept anyway), license (13) and license address (14): the OFL asks the notice travel with the font. */
const NOTICE_NAME_IDS = [13, 14];

const latinText = () => LATIN.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

/** The cut font's bytes (the same bytes for the same inputs: harfbuzz is deterministic). */
export function cutFont(font: WebFont): Promise<Buffer> {
  return subsetFont(fs.readFileSync(path.join(root, font.from)), latinText(), {
    targetFormat: 'woff2',
    preserveNameIds: NOTICE_NAME_IDS,
    variationAxes: font.variationAxes,
  });
}

export const licenseFile = (font: WebFont) => font.file.replace(/\.woff2$/, '.LICENSE.txt');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const font of WEB_FONTS) {
    const cut = await cutFont(font);
    fs.writeFileSync(path.join(FONTS_DIR, font.file), cut);
    fs.copyFileSync(path.join(root, font.license), path.join(FONTS_DIR, licenseFile(font)));
    const before = fs.statSync(path.join(root, font.from)).size;
    console.log(`${font.file}: ${(before / 1000).toFixed(1)} KB -> ${(cut.length / 1000).toFixed(1)} KB`);
  }
}

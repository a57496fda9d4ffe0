/**
 * The web fonts in src/web/fonts are what `npm run fonts` makes of Fontsource's files (scripts/fonts.ts):
 * after Fontsource is updated, or the cut is changed, this fails until they are made again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS_DIR, WEB_FONTS, cutFont, licenseFile } from './fonts.ts';

describe('the web fonts', () => {
  it.each(WEB_FONTS.map((font) => [font.file, font] as const))('%s is the cut of its Fontsource file, with its license beside it', async (_, font) => {
    const kept = fs.readFileSync(path.join(FONTS_DIR, font.file));
    expect((await cutFont(font)).equals(kept), `${font.file} differs from what npm run fonts makes: run it`).toBe(true);
    expect(fs.readFileSync(path.join(FONTS_DIR, licenseFile(font)), 'utf8')).toContain('SIL Open Font License');
  });
});

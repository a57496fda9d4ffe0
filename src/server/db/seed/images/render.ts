/**
 * SVG → WebP files. Each picture is rasterised once at its largest size and every smaller width is
 * resized from those pixels; librsvg is the expensive step, so it must never run twice per picture.
 */
import { availableParallelism } from 'node:os';
import { access, copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeAtomic } from '../../../write-atomic.ts';

const QUALITY = 78;
/** Measured on these pictures: effort 3-4 take twice as long as 2 for files only 3-6% smaller. */
const EFFORT = 2;

/**
 * Callers may start many products at once; each render holds ~6 MB of pixels and sharp's threads
 * are shared, so more than a couple in flight only costs memory.
 */
const MAX_IN_FLIGHT = Math.max(2, availableParallelism());
let inFlight = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
  inFlight++;
  try {
    return await work();
  } finally {
    inFlight--;
    waiting.shift()?.();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The plain `<name>.webp` is the largest width under a second name; a hard link costs no space. */
async function alias(from: string, to: string): Promise<void> {
  await writeAtomic(to, async (tmp) => {
    try {
      await link(from, tmp);
    } catch {
      await copyFile(from, tmp);
    }
  });
}

export interface Variants {
  /** Directory and file stem: files are `${stem}-${w}.webp` and `${stem}.webp`. */
  dir: string;
  stem: string;
  /** Widths to write, ascending; the last is the rendered size and the plain file. */
  widths: readonly number[];
  /** Height of the largest width. */
  height: number;
}

/** Files a picture needs, in the order they are written (the plain file last marks completion). */
function variantFiles(v: Variants): string[] {
  return [...v.widths.map((w) => path.join(v.dir, `${v.stem}-${w}.webp`)), path.join(v.dir, `${v.stem}.webp`)];
}

async function complete(v: Variants): Promise<boolean> {
  for (const file of variantFiles(v)) if (!(await exists(file))) return false;
  return true;
}

/** Renders `svg()` to every width unless all files already exist. Returns whether it rendered. */
export async function renderVariants(v: Variants, svg: () => string): Promise<boolean> {
  if (await complete(v)) return false;
  return slot(async () => {
    const max = v.widths[v.widths.length - 1];
    if (max === undefined) throw new Error('renderVariants: no widths');
    await mkdir(v.dir, { recursive: true });
    const { data, info } = await sharp(Buffer.from(svg())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    await Promise.all(
      v.widths.map((w) =>
        writeAtomic(path.join(v.dir, `${v.stem}-${w}.webp`), (tmp) => {
          let img = sharp(data, raw);
          if (w !== info.width) img = img.resize(w, Math.round((v.height * w) / max), { kernel: 'lanczos3' });
          return img.webp({ quality: QUALITY, effort: EFFORT }).toFile(tmp);
        }),
      ),
    );
    await alias(path.join(v.dir, `${v.stem}-${max}.webp`), path.join(v.dir, `${v.stem}.webp`));
    return true;
  });
}

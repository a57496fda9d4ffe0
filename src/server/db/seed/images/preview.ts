/**
 * Dev tool: renders sample pictures and contact sheets to look at while tuning the recipes.
 *   npx tsx src/server/db/seed/images/preview.ts /tmp/preview          samples + sheet PNGs
 *   npx tsx src/server/db/seed/images/preview.ts /tmp/preview --bench  also times a 64-product seed
 * Always starts from an empty output folder, since the renderer skips files that exist.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { DemoCollection, ProductImageSpec } from '../demo-types.ts';
import { renderCollectionPoster, renderHeroBanners, renderProductImages } from './index.ts';

const SAMPLES: [string, ProductImageSpec][] = [
  [
    'kanjeevaram',
    { kind: 'saree', colors: { body: '#7b1e2b', border: '#0b4d32', motif: '#d4a94a' }, motif: 'temple', count: 5 },
  ],
  [
    'kasavu-paisley',
    { kind: 'saree', colors: { body: '#fbf6e6', border: '#d4a94a', motif: '#d4a94a' }, motif: 'paisley', count: 5 },
  ],
  [
    'ikat',
    { kind: 'saree', colors: { body: '#7b1e2b', border: '#1b1b1f', motif: '#f4efe3' }, motif: 'ikat', count: 5 },
  ],
  [
    'kurta-floral',
    { kind: 'kurta', colors: { body: '#9bb09a', border: '#2e3a6e', motif: '#f4efe3' }, motif: 'floral', count: 5 },
  ],
  [
    'lehenga',
    { kind: 'lehenga', colors: { body: '#a3152a', border: '#0b4d32', motif: '#e0b95a' }, motif: 'paisley', count: 5 },
  ],
  [
    'salwar-bandhani',
    { kind: 'salwar', colors: { body: '#d3246f', border: '#d9a21b', motif: '#f4efe3' }, motif: 'bandhani', count: 5 },
  ],
  [
    'dupatta-leheriya',
    { kind: 'dupatta', colors: { body: '#d3246f', border: '#d4a94a', motif: '#f28c28' }, motif: 'leheriya', count: 5 },
  ],
  [
    'checks',
    { kind: 'saree', colors: { body: '#f4efe3', border: '#b3182b', motif: '#b3182b' }, motif: 'checks', count: 4 },
  ],
  [
    'stripes-kurta',
    { kind: 'kurta', colors: { body: '#2e3a6e', border: '#f4efe3', motif: '#d4a94a' }, motif: 'stripes', count: 4 },
  ],
  [
    'plain-mauve',
    { kind: 'saree', colors: { body: '#b784a7', border: '#a1708f', motif: '#b784a7' }, motif: 'plain', count: 4 },
  ],
  [
    'buta-black',
    { kind: 'saree', colors: { body: '#1b1b1f', border: '#3a3a40', motif: '#c7c9cc' }, motif: 'buta', count: 4 },
  ],
];

const POSTERS: [string, DemoCollection['poster']][] = [
  ['festive', { background: '#7b1e2b', accent: '#d4a94a', kind: 'saree', motif: 'temple' }],
  ['summer', { background: '#f4e9d8', accent: '#9bb09a', kind: 'kurta', motif: 'floral' }],
  ['bridal', { background: '#a3152a', accent: '#e0b95a', kind: 'lehenga', motif: 'paisley' }],
  ['office', { background: '#2e3a6e', accent: '#f4efe3', kind: 'kurta', motif: 'stripes' }],
];

const urlToFile = (dir: string, url: string, width?: number) =>
  path.join(dir, url.replace(/^\/images\//, '').replace(/\.webp$/, width ? `-${width}.webp` : '.webp'));

/** Lays pictures out in rows, each scaled to `h` pixels high. */
async function sheet(files: string[][], h: number, out: string): Promise<void> {
  const gap = 8;
  const rows = await Promise.all(
    files.map((row) =>
      Promise.all(
        row.map(async (file) => {
          const img = sharp(file).resize({ height: h });
          const { data, info } = await img.png().toBuffer({ resolveWithObject: true });
          return { data, w: info.width };
        }),
      ),
    ),
  );
  const width = Math.max(...rows.map((r) => r.reduce((s, i) => s + i.w + gap, gap)));
  const composites: OverlayOptions[] = [];
  rows.forEach((row, y) => {
    let x = gap;
    for (const img of row) {
      composites.push({ input: img.data, left: x, top: gap + y * (h + gap) });
      x += img.w + gap;
    }
  });
  await sharp({ create: { width, height: gap + rows.length * (h + gap), channels: 3, background: '#ffffff' } })
    .composite(composites)
    .png()
    .toFile(out);
}

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? '/tmp/preview');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  let t = performance.now();
  const products = await Promise.all(SAMPLES.map(([key, spec]) => renderProductImages(key, spec, out)));
  console.log(`samples: ${products.flat().length} product pictures in ${Math.round(performance.now() - t)} ms`);
  const banners = await renderHeroBanners(out);
  const posters = await Promise.all(POSTERS.map(([slug, p]) => renderCollectionPoster(slug, p, out)));

  const rowsOf = (urls: string[][]) => urls.map((row) => row.map((u) => urlToFile(out, u, 480)));
  for (let i = 0; i < products.length; i += 3) {
    await sheet(rowsOf(products.slice(i, i + 3)), 400, path.join(out, `sheet-products-${i / 3 + 1}.png`));
  }
  await sheet(
    products
      .map((row) => [urlToFile(out, row[0]!, 480)])
      .reduce<string[][]>((acc, f, i) => {
        if (i % 6 === 0) acc.push([]);
        acc[acc.length - 1]!.push(f[0]!);
        return acc;
      }, []),
    420,
    path.join(out, 'sheet.png'),
  );
  await sheet(
    banners.map((b) => [urlToFile(out, b.desktop, 1280), urlToFile(out, b.mobile, 480)]),
    360,
    path.join(out, 'sheet-banners.png'),
  );
  await sheet([posters.map((p) => urlToFile(out, p, 480))], 480, path.join(out, 'sheet-posters.png'));
  console.log(`sheets in ${out}`);

  if (process.argv.includes('--bench')) {
    // The demo catalog's size: 64 products averaging 3.5 pictures, rendered the way the seed does.
    const bench = path.join(out, 'bench');
    const specs = Array.from({ length: 64 }, (_, i) => {
      const [, base] = SAMPLES[i % SAMPLES.length]!;
      return [`bench-${i}`, { ...base, count: ((i % 4) + 2) as ProductImageSpec['count'] }] as const;
    });
    const pictures = specs.reduce((s, [, sp]) => s + sp.count, 0);
    t = performance.now();
    const cpu = process.cpuUsage();
    let next = 0;
    const worker = async () => {
      while (next < specs.length) {
        const [key, spec] = specs[next++]!;
        await renderProductImages(key, spec, bench);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const files = (await readdir(path.join(bench, 'products'))).length;
    console.log(
      `bench: 64 products, ${pictures} pictures, ${files} files in ${(ms / 1000).toFixed(1)} s wall, ` +
        `${((used.user + used.system) / 1e6).toFixed(1)} s CPU (all threads)`,
    );
    t = performance.now();
    await Promise.all(specs.map(([key, spec]) => renderProductImages(key, spec, bench)));
    console.log(`bench: second run (all present) ${Math.round(performance.now() - t)} ms`);
  }
}

await main();

/**
 * The demo store's pictures, drawn at seed time from procedural SVG (no downloads): product shots,
 * hero banners and collection posters, each written as WebP at every width in shared/images.ts.
 */
import path from 'node:path';
import type { DemoCollection, ProductImageSpec } from '../demo-types.ts';
import {
  BANNER_DESKTOP_WIDTHS,
  BANNER_MOBILE_WIDTHS,
  POSTER_WIDTHS,
  PRODUCT_ASPECT,
  PRODUCT_IMAGE_WIDTHS,
} from '../../../../shared/images.ts';
import { renderVariants } from './render.ts';
import { bannerSvg, BANNERS, posterSvg } from './svg/banners.ts';
import { productSvg } from './svg/scenes.ts';

const heightFor = (w: number) => Math.round((w * PRODUCT_ASPECT.height) / PRODUCT_ASPECT.width);
const largest = (ws: readonly number[]) => ws[ws.length - 1] ?? 0;

/**
 * Writes the product's `spec.count` pictures to `${imagesDir}/products/` (every width plus the
 * plain name) and returns their URLs in order. Existing files are kept.
 */
export async function renderProductImages(key: string, spec: ProductImageSpec, imagesDir: string): Promise<string[]> {
  const dir = path.join(imagesDir, 'products');
  const nums = Array.from({ length: spec.count }, (_, i) => i + 1);
  await Promise.all(
    nums.map((n) =>
      renderVariants(
        { dir, stem: `${key}-${n}`, widths: PRODUCT_IMAGE_WIDTHS, height: heightFor(largest(PRODUCT_IMAGE_WIDTHS)) },
        () => productSvg(key, spec, n),
      ),
    ),
  );
  return nums.map((n) => `/images/products/${key}-${n}.webp`);
}

/** Two text-free hero banners, each as a wide desktop and a 4:5 mobile picture. */
export async function renderHeroBanners(imagesDir: string): Promise<{ desktop: string; mobile: string }[]> {
  const dir = path.join(imagesDir, 'banners');
  return Promise.all(
    BANNERS.map(async (_, i) => {
      const stem = `hero-${i + 1}`;
      const dw = largest(BANNER_DESKTOP_WIDTHS);
      const mw = largest(BANNER_MOBILE_WIDTHS);
      await Promise.all([
        renderVariants(
          { dir, stem: `${stem}-desktop`, widths: BANNER_DESKTOP_WIDTHS, height: Math.round((dw * 3) / 8) },
          () => bannerSvg(i, 'desktop', dw, Math.round((dw * 3) / 8)),
        ),
        renderVariants(
          { dir, stem: `${stem}-mobile`, widths: BANNER_MOBILE_WIDTHS, height: Math.round((mw * 5) / 4) },
          () => bannerSvg(i, 'mobile', mw, Math.round((mw * 5) / 4)),
        ),
      ]);
      return { desktop: `/images/banners/${stem}-desktop.webp`, mobile: `/images/banners/${stem}-mobile.webp` };
    }),
  );
}

/** A text-free 3:4 poster for a collection (or, in `folder`, another poster); returns its URL. */
export async function renderCollectionPoster(
  slug: string,
  poster: DemoCollection['poster'],
  imagesDir: string,
  folder = 'collections',
): Promise<string> {
  const w = largest(POSTER_WIDTHS);
  // Drawn at the product frame's 1080×1440 and scaled down by sharp: rasterising at 768 would put
  // librsvg's patterns on fractional pixels, its slow path.
  await renderVariants(
    { dir: path.join(imagesDir, folder), stem: slug, widths: POSTER_WIDTHS, height: heightFor(w) },
    () => posterSvg(slug, poster),
  );
  return `/images/${folder}/${slug}.webp`;
}

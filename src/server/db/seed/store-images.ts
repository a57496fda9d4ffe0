/**
 * The storefront's own pictures, which the home screen needs whatever the catalog holds: the two
 * hero banners and the posters behind Our Collections and the Best Sellers tiles
 * (src/shared/home.ts). Drawn at every start when missing, demo catalog or not; cheap once there.
 */
import type { DemoCollection } from './demo-types.ts';
import { renderCollectionPoster, renderHeroBanners } from './images/index.ts';

type PosterArt = DemoCollection['poster'];

/** Slug → artwork; the slugs are the file names src/shared/home.ts asks for under /images/home. */
const HOME_POSTERS: Record<string, PosterArt> = {
  festive: { background: '#7b1e2b', accent: '#d4a94a', kind: 'saree', motif: 'temple' },
  summer: { background: '#f4e9d8', accent: '#9bb09a', kind: 'kurta', motif: 'floral' },
  'all-collections': { background: '#5c1630', accent: '#e0b95a', kind: 'lehenga', motif: 'buta' },
  'silk-saree': { background: '#0b4d32', accent: '#d4a94a', kind: 'saree', motif: 'temple' },
  'cotton-saree': { background: '#efe3cc', accent: '#2e3a6e', kind: 'saree', motif: 'stripes' },
  bridal: { background: '#a3152a', accent: '#e0b95a', kind: 'lehenga', motif: 'paisley' },
  'party-wear': { background: '#1b1b1f', accent: '#c7c9cc', kind: 'saree', motif: 'buta' },
  'daily-wear': { background: '#2e3a6e', accent: '#f4efe3', kind: 'kurta', motif: 'stripes' },
};

export async function ensureStoreImages(imagesDir: string): Promise<void> {
  await renderHeroBanners(imagesDir);
  for (const [slug, art] of Object.entries(HOME_POSTERS)) await renderCollectionPoster(slug, art, imagesDir, 'home');
}

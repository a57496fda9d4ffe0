/**
 * What the home screen shows besides products: the hero slides, the three collection posters and
 * the five Best Sellers tiles (spec §2 Home). The pictures are drawn by the server at start
 * (src/server/db/seed/store-images.ts, under /images/home and /images/banners), so a fresh clone has them without downloads.
 */
export interface HeroSlide {
  /** /images/banners/<stem>-desktop.webp (8:3) and <stem>-mobile.webp (4:5). */
  stem: string;
  kicker: string;
  title: string;
  text: string;
  /** Followed by the shop's free-shipping promise, from its settings. */
  freeShippingNote?: boolean;
  cta: { label: string; to: string };
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    stem: 'hero-1',
    kicker: 'The Festive Edit',
    title: 'Silks for every celebration',
    text: 'Kanjeevaram, Banarasi and Paithani, hand-picked from the looms for the season of lights.',
    cta: { label: 'Shop Festive', to: '/products?search=Festive' },
  },
  {
    stem: 'hero-2',
    kicker: 'Handwoven in India',
    title: 'Woven by hand, chosen with care',
    text: 'Ikat, Tant and Chanderi straight from weaving families.',
    freeShippingNote: true,
    cta: { label: 'Explore the store', to: '/products' },
  },
];

export interface Poster {
  title: string;
  caption: string;
  to: string;
  image: string;
}

/** Spec §2: Festive and Summer open their searches; the third opens every collection (design.md). */
export const COLLECTION_POSTERS: readonly Poster[] = [
  { title: 'Festive', caption: 'Silks and zari for the celebrations', to: '/products?search=Festive', image: '/images/home/festive.webp' },
  { title: 'Summer', caption: 'Breezy cottons and mulmul', to: '/products?search=Summer', image: '/images/home/summer.webp' },
  { title: 'All Collections', caption: 'Bridal, party wear, daily wear and more', to: '/collections', image: '/images/home/all-collections.webp' },
];

/** Spec §2: the Best Sellers tiles and the searches they open, word for word. */
export const BEST_SELLER_TILES = [
  { label: 'Silk Sarees', search: 'Silk%20Saree', slug: 'silk-saree' },
  { label: 'Cotton Sarees', search: 'Cotton%20Saree', slug: 'cotton-saree' },
  { label: 'Bridal', search: 'Bridal', slug: 'bridal' },
  { label: 'Party Wear', search: 'Party%20Wear', slug: 'party-wear' },
  { label: 'Daily Wear', search: 'Daily%20Wear', slug: 'daily-wear' },
] as const;

export const tileImage = (slug: string) => `/images/home/${slug}.webp`;

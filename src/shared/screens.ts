/**
 * Every screen of the shop, in one place: the router builds its routes from it, the server its
 * status codes, heads, preloads and sitemap. A new screen is one entry here and one file in
 * src/web/routes.
 *
 * Descriptions sit in their own export below: the web app imports SCREENS only, so the bundler
 * leaves them out of the first download.
 */
export interface Screen {
  /** The router's path; `:name` marks a parameter. */
  path: string;
  /** The tab and head title's name; none where the screen names itself (a product, a category). */
  title?: string;
  /** The module the router loads for it, relative to src/web. */
  chunk: `routes/${string}.tsx`;
  /** Reads or changes the shop's data: loads with the query client (src/web/lib/data-client.ts `withData`). */
  data?: boolean;
  /** Private screens show a signed-in shopper's own data: never indexed, never in the sitemap. */
  access: 'public' | 'private';
  /** Kept out of search engines (and the sitemap) though public: placeholders. */
  noindex?: boolean;
}

export const SCREENS = [
  { path: '/', chunk: 'routes/home.tsx', access: 'public' },
  { path: '/products', title: 'Sarees & Clothing', chunk: 'routes/products.tsx', data: true, access: 'public' },
  { path: '/product/:id', chunk: 'routes/product.tsx', data: true, access: 'public' },
  { path: '/best-seller', title: 'Best Seller', chunk: 'routes/best-seller.tsx', data: true, access: 'public' },
  { path: '/just-landed', title: 'Just Landed', chunk: 'routes/just-landed.tsx', data: true, access: 'public' },
  { path: '/categories', title: 'Categories', chunk: 'routes/categories.tsx', data: true, access: 'public' },
  { path: '/categories/:slug', chunk: 'routes/category.tsx', data: true, access: 'public' },
  { path: '/collections', title: 'Collections', chunk: 'routes/collections.tsx', data: true, access: 'public' },
  { path: '/collections/:slug', chunk: 'routes/collection.tsx', data: true, access: 'public' },
  { path: '/about', title: 'About Us', chunk: 'routes/about.tsx', access: 'public' },
  { path: '/shipping', title: 'Shipping & Return Policy', chunk: 'routes/shipping.tsx', access: 'public' },
  { path: '/faq', title: 'Frequently Asked Questions', chunk: 'routes/faq.tsx', access: 'public' },
  { path: '/career', title: 'Career', chunk: 'routes/career.tsx', access: 'public' },
  { path: '/help', title: 'Help & Support', chunk: 'routes/help.tsx', access: 'public' },
  // Accounts: public, but nothing for a search engine to list.
  { path: '/login', title: 'Log in', chunk: 'routes/login.tsx', data: true, access: 'public', noindex: true },
  { path: '/signup', title: 'Sign up', chunk: 'routes/signup.tsx', data: true, access: 'public', noindex: true },
  { path: '/reset-password', title: 'Reset password', chunk: 'routes/reset-password.tsx', access: 'public', noindex: true },
  { path: '/profile', title: 'Profile', chunk: 'routes/profile.tsx', data: true, access: 'private' },
  { path: '/cart', title: 'Cart', chunk: 'routes/cart.tsx', data: true, access: 'private' },
  { path: '/favorites', title: 'My Favorites', chunk: 'routes/favorites.tsx', data: true, access: 'private' },
  { path: '/checkout', title: 'Checkout', chunk: 'routes/checkout.tsx', data: true, access: 'private' },
  { path: '/order-confirmation', title: 'Order Confirmed', chunk: 'routes/order-confirmation.tsx', access: 'private' },
  { path: '/orders', title: 'Your Orders', chunk: 'routes/orders.tsx', data: true, access: 'private' },
  // A parcel followed without signing in (issue 48): drawn on the server, but one shopper's, so never indexed.
  { path: '/track', title: 'Track your parcel', chunk: 'routes/track.tsx', data: true, access: 'public', noindex: true },
  // The back-in-stock mail's unsubscribe link (issue 16): needs no session, but is one shopper's, so never indexed.
  { path: '/back-in-stock/stop/:token', title: 'Stop back-in-stock mails', chunk: 'routes/stop-alerts.tsx', data: true, access: 'private' },
  // The store owner's (design.md Admin): private, so never indexed nor in the sitemap.
  { path: '/admin', title: 'Products · Store admin', chunk: 'routes/admin.tsx', data: true, access: 'private' },
  { path: '/admin/products/new', title: 'New product · Store admin', chunk: 'routes/admin-product.tsx', data: true, access: 'private' },
  { path: '/admin/products/:id', title: 'Edit product · Store admin', chunk: 'routes/admin-product.tsx', data: true, access: 'private' },
  { path: '/admin/import', title: 'Import · Store admin', chunk: 'routes/admin-import.tsx', data: true, access: 'private' },
  { path: '/admin/orders', title: 'Orders · Store admin', chunk: 'routes/admin-orders.tsx', data: true, access: 'private' },
  { path: '/admin/parcels', title: 'Parcels · Store admin', chunk: 'routes/admin-parcels.tsx', data: true, access: 'private' },
  { path: '/admin/returns', title: 'Returns · Store admin', chunk: 'routes/admin-returns.tsx', data: true, access: 'private' },
  { path: '/admin/reviews', title: 'Reviews · Store admin', chunk: 'routes/admin-reviews.tsx', data: true, access: 'private' },
  { path: '/admin/offers', title: 'Offers · Store admin', chunk: 'routes/admin-offers.tsx', data: true, access: 'private' },
  { path: '/admin/settings', title: 'Pricing · Store admin', chunk: 'routes/admin-settings.tsx', data: true, access: 'private' },
  { path: '/admin/delivery', title: 'Delivery · Store admin', chunk: 'routes/admin-delivery.tsx', data: true, access: 'private' },
  { path: '/admin/tax', title: 'Tax · Store admin', chunk: 'routes/admin-tax.tsx', data: true, access: 'private' },
  { path: '/admin/sql', title: 'SQL console · Store admin', chunk: 'routes/admin-sql.tsx', data: true, access: 'private' },
] as const satisfies readonly Screen[];

/** Meta descriptions that say more than the shop's default (server only; see the file's comment). */
export const SCREEN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/best-seller': 'Our most-loved sarees and clothing: the pieces shoppers like and order most, handpicked across India.',
  '/just-landed': 'The newest sarees, kurtas and lehengas at Vastra, fresh from the looms, shipped across India.',
  '/categories': 'Shop Vastra by category, from handwoven silk and cotton sarees to kurtas, lehengas and dupattas.',
  '/collections': 'Curated edits of sarees and clothing for festivals, weddings, summer days and every day.',
  '/career': 'Work with Vastra: the roles we are hiring for in Chennai and with weavers across India, and how to apply.',
  '/help': 'How to order, pay, track delivery and return at Vastra, and how to reach our customer care team.',
};

/** Screens at a fixed path (no parameter). */
export const FIXED_SCREENS: readonly Screen[] = SCREENS.filter((s) => !s.path.includes(':'));

/**
 * Private screens with a parameter (the owner's product editor): nothing to look up for their
 * head, so any value of the parameter is the screen, which answers for itself.
 */
const PRIVATE_PARAM_SCREENS = SCREENS.filter((s) => s.path.includes(':') && s.access === 'private').map((s) => ({
  screen: s as Screen,
  pattern: new RegExp(`^${s.path.replace(/:[a-z]+/gi, '[^/]+')}$`, 'i'),
}));

/** The fixed screen at `path` (already canonical: no trailing slash), or a private one with a parameter, if any. */
export const screenAt = (path: string): Screen | undefined =>
  FIXED_SCREENS.find((s) => s.path === path) ?? PRIVATE_PARAM_SCREENS.find((p) => p.pattern.test(path))?.screen;

/** Whether search engines should list the screen (and the sitemap name it). */
export const indexable = (s: Screen) => s.access === 'public' && !s.noindex;

/**
 * Screen titles, shared by the server (the HTML head) and the web app (the tab title after a move
 * inside the app). Descriptions are the server's alone (src/server/web/screen-descriptions.ts), so
 * the web app's first download does not carry them.
 */
const SCREEN_TITLES: Record<string, string> = {
  '/products': 'Sarees & Clothing',
  '/login': 'Log in',
  '/signup': 'Sign up',
  '/cart': 'Cart',
  '/favorites': 'My Favorites',
  '/checkout': 'Checkout',
  '/orders': 'Your Orders',
  '/profile': 'Profile',
  '/about': 'About Us',
  '/shipping': 'Shipping & Return Policy',
  '/faq': 'Frequently Asked Questions',
  '/best-seller': 'Best Seller',
  '/just-landed': 'Just Landed',
  '/categories': 'Categories',
  '/collections': 'Collections',
  '/career': 'Career',
  '/help': 'Help & Support',
};

export const HOME_TITLE = 'Vastra · Sarees and clothing, handpicked across India';
export const pageTitle = (name: string) => `${name} | Vastra`;
export const screenPath = (path: string) => path.replace(/(.)\/+$/, '$1');

export function screenTitle(path: string, search?: string | null): string {
  const term = search?.trim();
  if (path.startsWith('/products') && term) return pageTitle(`Search results for “${term.slice(0, 100)}”`);
  const title = SCREEN_TITLES[screenPath(path)];
  return title ? pageTitle(title) : HOME_TITLE;
}

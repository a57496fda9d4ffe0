/**
 * Page titles and descriptions, shared by the server (HTML head) and the web app (tab title when
 * moving between screens without a page load).
 */
export const DEFAULT_DESCRIPTION =
  "Handwoven silk and cotton sarees, kurtas, lehengas and dupattas from India's weaving towns. Free shipping over ₹999, secure payments, ships across India.";

/** Each screen's head: its title, and a description where the shop's default would not fit. */
const SCREENS: Record<string, { title: string; description?: string }> = {
  '/products': { title: 'Sarees & Clothing' },
  '/login': { title: 'Log in' },
  '/signup': { title: 'Sign up' },
  '/cart': { title: 'Cart' },
  '/favorites': { title: 'My Favorites' },
  '/checkout': { title: 'Checkout' },
  '/orders': { title: 'Your Orders' },
  '/profile': { title: 'Profile' },
  '/about': { title: 'About Us' },
  '/shipping': { title: 'Shipping & Return Policy' },
  '/faq': { title: 'Frequently Asked Questions' },
  '/best-seller': {
    title: 'Best Seller',
    description: 'Our most-loved sarees and clothing: the pieces shoppers like and order most, handpicked across India.',
  },
  '/just-landed': {
    title: 'Just Landed',
    description: 'The newest sarees, kurtas and lehengas at Vastra, fresh from the looms. Free shipping over ₹999.',
  },
  '/categories': {
    title: 'Categories',
    description: 'Shop Vastra by category, from handwoven silk and cotton sarees to kurtas, lehengas and dupattas.',
  },
  '/collections': {
    title: 'Collections',
    description: 'Curated edits of sarees and clothing for festivals, weddings, summer days and every day.',
  },
  '/career': {
    title: 'Career',
    description: 'Work with Vastra: the roles we are hiring for in Chennai and with weavers across India, and how to apply.',
  },
  '/help': {
    title: 'Help & Support',
    description: 'How to order, pay, track delivery and return at Vastra, and how to reach our customer care team.',
  },
};

/** A screen's title and description, for the server's HTML head and the tab title after a client-side move. */
export function screenHead(path: string, search?: string | null): { title: string; description: string } {
  const term = search?.trim();
  if (path.startsWith('/products') && term) {
    return { title: `Search results for “${term.slice(0, 100)}” | Vastra`, description: DEFAULT_DESCRIPTION };
  }
  const screen = SCREENS[path.replace(/(.)\/+$/, '$1')];
  if (screen) return { title: `${screen.title} | Vastra`, description: screen.description ?? DEFAULT_DESCRIPTION };
  return { title: HOME_TITLE, description: DEFAULT_DESCRIPTION };
}

export const HOME_TITLE = 'Vastra · Sarees and clothing, handpicked across India';
export const pageTitle = (name: string) => `${name} | Vastra`;

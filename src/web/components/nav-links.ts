/** The shop's departments: the desktop nav row and the sidebar's Explore list. */
export const SHOP_LINKS = [
  { to: '/products', label: 'Shop All' },
  { to: '/best-seller', label: 'Best Seller' },
  { to: '/just-landed', label: 'Just Landed' },
  { to: '/collections', label: 'Collections' },
  { to: '/categories', label: 'Categories' },
  { to: '/products?search=Silk%20Saree', label: 'Silk Sarees' },
  { to: '/products?search=Bridal', label: 'Bridal' },
] as const;

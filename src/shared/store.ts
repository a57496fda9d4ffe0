/**
 * The store's own details, shown in the footer and on contact pages. A boutique owner edits these
 * to their shop's; nothing else needs to change.
 */
export const STORE = {
  name: 'Vastra',
  email: 'care@vastra.in',
  phone: '+91 98765 43210',
  hours: '10 am – 7 pm, Mon–Sat',
  city: 'Chennai, Tamil Nadu',
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'YouTube', href: 'https://www.youtube.com/' },
  ],
} as const;

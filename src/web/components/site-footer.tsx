import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { STORE } from '../../shared/store.ts';
import { PaymentMarks } from './payment-marks.tsx';
import { SocialLinks } from './social-links.tsx';
import { useFreeShippingThreshold } from '../lib/pricing-settings.ts';

const QUICK_LINKS = [
  ['/', 'Home'],
  ['/products', 'Shop All'],
  ['/about', 'About Us'],
];
const CUSTOMER_SERVICE = [
  ['/shipping', 'Shipping & Return Policy'],
  ['/faq', 'FAQ'],
  ['/orders', 'My Orders'],
];

function LinkColumn({ title, links }: { title: string; links: string[][] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 font-display text-lg font-semibold text-ink">{title}</h2>
      <ul className="grid gap-2">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to!} className="hover:text-wine hover:underline">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec §2 footer: quick links, customer service, contact, social links, payment icons, copyright. */
export default function SiteFooter() {
  const freeOver = useFreeShippingThreshold();
  return (
    <footer className="border-t border-line bg-sand/60 text-sm text-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <p className="font-display text-3xl font-semibold text-wine">{STORE.name}</p>
          <p>Handwoven sarees and clothing from India's weaving towns. Free shipping over {freeOver} · Secure payments · Ships across India.</p>
          <SocialLinks />
        </div>
        <LinkColumn title="Quick Links" links={QUICK_LINKS} />
        <LinkColumn title="Customer Service" links={CUSTOMER_SERVICE} />
        <div>
          <h2 className="mb-3 font-display text-lg font-semibold text-ink">Contact</h2>
          <ul className="grid gap-2">
            <li className="flex items-center gap-2">
              <Mail className="size-4 text-gold" aria-hidden="true" />
              <a href={`mailto:${STORE.email}`} className="hover:text-wine hover:underline">
                {STORE.email}
              </a>
            </li>
            <li className="flex flex-wrap items-center gap-x-2">
              <Phone className="size-4 text-gold" aria-hidden="true" />
              <a href={`tel:${STORE.phone.replace(/\s/g, '')}`} className="hover:text-wine hover:underline">
                {STORE.phone}
              </a>
              <span className="w-full pl-6 text-xs">{STORE.hours}</span>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4 text-gold" aria-hidden="true" /> {STORE.city}
            </li>
          </ul>
          <div className="mt-4">
            <PaymentMarks />
          </div>
        </div>
      </div>
      <p className="border-t border-line py-4 text-center">© {new Date().getFullYear()} {STORE.name}. All rights reserved.</p>
    </footer>
  );
}

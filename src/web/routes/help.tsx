import { Link } from 'react-router';
import { STORE } from '../../shared/store.ts';
import { ContentPage, ContentSection } from '../features/content/content-page.tsx';
import { useFreeShippingThreshold } from '../lib/pricing-settings.ts';

const link = 'font-medium text-wine underline underline-offset-4 hover:text-wine-dark';

/** /help: Help & Support (spec §2), how to order, pay, receive and return, and how to reach us. */
export function Component() {
  const freeOver = useFreeShippingThreshold();
  return (
    <ContentPage kicker="Customer Care" title="Help & Support">
      <p>
        Most answers are on this page and in our{' '}
        <Link to="/faq" className={link}>
          Frequently Asked Questions
        </Link>
        . For anything else, write or call us: a person from our team answers within one working day.
      </p>
      <ContentSection title="Placing an order">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Find a piece through search, our categories or our collections, and open it for its pictures and details.</li>
          <li>Add it to your cart, or choose Buy Now to check out with that piece alone.</li>
          <li>At checkout, pick or add a delivery address and check the order summary, with GST and shipping shown line by line.</li>
          <li>Pay, and you will see your order confirmed on screen, with an email confirmation to follow.</li>
        </ol>
        <p className="mt-3">Signed in, you can follow every order and its status under My Orders.</p>
      </ContentSection>
      <ContentSection title="Payment">
        <p>
          You pay securely online with UPI, debit and credit cards, net banking or wallets through our payment partner. We never
          see or store your card details. If money leaves your account but the order does not show as paid, do not pay again:
          write to us with the time of payment and we will set it right.
        </p>
      </ContentSection>
      <ContentSection title="Delivery">
        <p>
          We ship across India, and shipping is free on orders of {freeOver} or more. Most orders arrive in 5 to 7 business days, and
          every order comes with tracking. Our{' '}
          <Link to="/shipping" className={link}>
            Shipping & Return Policy
          </Link>{' '}
          has the details.
        </p>
      </ContentSection>
      <ContentSection title="Returns and exchanges">
        <p>
          Returns are accepted within 7 days for damaged or incorrect items. Write to us with your order number and a photo of
          the piece, and we will arrange a pickup. Each product page also shows that piece's own return policy.
        </p>
      </ContentSection>
      <ContentSection title="Contact us">
        <ul className="grid gap-1">
          <li>
            Email:{' '}
            <a href={`mailto:${STORE.email}`} className={link}>
              {STORE.email}
            </a>
          </li>
          <li>
            Phone:{' '}
            <a href={`tel:${STORE.phone.replace(/\s/g, '')}`} className={link}>
              {STORE.phone}
            </a>
          </li>
          <li>Hours: {STORE.hours}</li>
          <li>Studio: {STORE.city}</li>
        </ul>
      </ContentSection>
    </ContentPage>
  );
}

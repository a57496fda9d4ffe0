import { ContentPage, ContentSection } from '../features/content/content-page.tsx';
import { useFreeShippingThreshold } from '../lib/pricing-settings.ts';

/** /shipping (spec §2: 'Shipping & Return Policy', '6 Days delivery', 'No Returns on Damage products.'). */
export function Component() {
  const freeOver = useFreeShippingThreshold();
  return (
    <ContentPage kicker="Customer Service" title="Shipping & Return Policy">
      <ContentSection title="6 Days delivery">
        <p>
          We ship across India. Orders are packed within a day and usually reach you in 6 days; remote pincodes can take a
          little longer. Shipping is free on orders of {freeOver} or more, and every order comes with tracking.
        </p>
      </ContentSection>
      <ContentSection title="Returns">
        <p>No Returns on Damage products.</p>
        <p className="mt-2">
          Each product page states its own return policy. If a piece reaches you damaged or is not what you ordered, write to
          us within 7 days with a photo and we will set it right.
        </p>
      </ContentSection>
    </ContentPage>
  );
}

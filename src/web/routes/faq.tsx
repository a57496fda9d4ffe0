import type { CSSProperties } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { ContentPage } from '../features/content/content-page.tsx';
import { useFreeShippingThreshold } from '../lib/pricing-settings.ts';

const QUESTIONS: [string, string][] = [
  ['How long does delivery take?', 'Orders are delivered in 5 to 7 business days. Remote pincodes may take a little longer, and every order comes with tracking.'],
  ['Do you ship across India?', 'Yes, we ship across India, to every state and union territory our courier partners reach.'],
  ['Is shipping free?', 'Shipping is free on orders of {freeOver} or more. Smaller orders pay a small delivery charge, shown at checkout before you pay.'],
  ['Can I return a product?', 'Returns are accepted within 7 days for damaged or incorrect items. Write to us with your order number and a photo, and we will arrange a pickup.'],
  ['What sizes do your sarees and dupattas come in?', 'Sarees and dupattas are one size fits all. Kurtas, suits and lehengas list their sizes, from XS to XXL, on each product page.'],
  ['Do sarees come with a blouse piece?', 'Most of our sarees include an unstitched blouse piece of about 0.8 m; the product details say so for each saree.'],
  ['How should I care for silk and zari?', 'Dry clean pure silk and zari work, and store them folded in muslin, away from damp and perfume. Cotton can be hand washed cold and dried in shade.'],
  ['Will the colour look exactly as on screen?', 'We photograph every piece in daylight, but screens differ, so colours may vary slightly from what you see.'],
  ['Which payment methods do you accept?', 'You can pay securely online with cards, UPI, net banking and wallets through our payment partner.'],
  ['How can I contact you?', 'Write to us from the Help & Support page and we will answer within one working day.'],
];

/** /faq: 10 numbered questions, one open at a time; clicking the open one closes it (spec §2). */
/**
 * Radix writes two size variables into each answer's style for height animations, which these
 * answers do not use; drawn on the server they would be style attributes, which the page's CSP refuses.
 */
const NO_SIZE_VARS = { '--radix-accordion-content-height': undefined, '--radix-accordion-content-width': undefined } as CSSProperties;

export function Component() {
  const freeOver = useFreeShippingThreshold();
  return (
    <ContentPage kicker="Customer Service" title="Frequently Asked Questions">
      <Accordion.Root type="single" collapsible className="grid gap-3">
        {QUESTIONS.map(([q, a], i) => (
          <Accordion.Item key={q} value={`q${i + 1}`} className="rounded-lg bg-white ring-1 ring-line/70">
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center gap-3 px-4 py-4 text-left font-medium">
                <span className="font-display text-xl text-gold">{i + 1}.</span>
                <span className="flex-1">{q}</span>
                <ChevronDown className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-4 pl-12 text-ink/90" style={NO_SIZE_VARS}>{a.replace('{freeOver}', freeOver)}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </ContentPage>
  );
}

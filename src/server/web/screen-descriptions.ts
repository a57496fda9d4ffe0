import { screenPath, screenTitle } from '../../shared/page-titles.ts';

export const DEFAULT_DESCRIPTION =
  "Handwoven silk and cotton sarees, kurtas, lehengas and dupattas from India's weaving towns. Free shipping over ₹999, secure payments, ships across India.";

/** Screens whose meta description says more than the shop's default. */
const DESCRIPTIONS: Record<string, string> = {
  '/best-seller': 'Our most-loved sarees and clothing: the pieces shoppers like and order most, handpicked across India.',
  '/just-landed': 'The newest sarees, kurtas and lehengas at Vastra, fresh from the looms. Free shipping over ₹999.',
  '/categories': 'Shop Vastra by category, from handwoven silk and cotton sarees to kurtas, lehengas and dupattas.',
  '/collections': 'Curated edits of sarees and clothing for festivals, weddings, summer days and every day.',
  '/career': 'Work with Vastra: the roles we are hiring for in Chennai and with weavers across India, and how to apply.',
  '/help': 'How to order, pay, track delivery and return at Vastra, and how to reach our customer care team.',
};

/** A screen's title and description for its HTML head. */
export function screenHead(path: string, search?: string | null): { title: string; description: string } {
  const term = search?.trim();
  const description = (!term && DESCRIPTIONS[screenPath(path)]) || DEFAULT_DESCRIPTION;
  return { title: screenTitle(path, search), description };
}

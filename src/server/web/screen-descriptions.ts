import { screenPath, screenTitle } from '../../shared/page-titles.ts';
import { shopDescription, type PricingSettings } from '../../shared/pricing.ts';
import { SCREEN_DESCRIPTIONS } from '../../shared/screens.ts';

/** A screen's title and description for its HTML head; screens without their own describe the shop. */
export function screenHead(path: string, search: string | null | undefined, pricing: PricingSettings): { title: string; description: string } {
  const term = search?.trim();
  const description = (!term && SCREEN_DESCRIPTIONS[screenPath(path)]) || shopDescription(pricing);
  return { title: screenTitle(path, search), description };
}

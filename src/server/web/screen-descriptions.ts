import { screenPath, screenTitle } from '../../shared/page-titles.ts';
import { SCREEN_DESCRIPTIONS } from '../../shared/screens.ts';

export const DEFAULT_DESCRIPTION =
  "Handwoven silk and cotton sarees, kurtas, lehengas and dupattas from India's weaving towns. Free shipping over ₹999, secure payments, ships across India.";

/** A screen's title and description for its HTML head. */
export function screenHead(path: string, search?: string | null): { title: string; description: string } {
  const term = search?.trim();
  const description = (!term && SCREEN_DESCRIPTIONS[screenPath(path)]) || DEFAULT_DESCRIPTION;
  return { title: screenTitle(path, search), description };
}

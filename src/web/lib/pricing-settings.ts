/**
 * The shop's pricing settings in the browser (GET /api/pricing), for the texts that promise free
 * shipping over a threshold and say whether prices include GST: they follow the owner's settings
 * rather than words written by hand. Until the server answers, the defaults (spec §3) show, which
 * are what a new shop has; the owner's change reaches every screen through the same query
 * (features/admin saves into it).
 */
import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_PRICING, freeShippingThresholdText, type PricingSettings } from '../../shared/pricing.ts';
import { getJson } from './api.ts';
import { useShellQuery } from './data-client.ts';
import { queryKeys } from './query-keys.ts';

export const pricingQuery = () =>
  queryOptions({
    queryKey: queryKeys.pricing,
    queryFn: ({ signal, client }) => getJson<PricingSettings>('/api/pricing', { signal, client }),
  });

export const usePricingSettings = (): PricingSettings => useShellQuery(pricingQuery(), DEFAULT_PRICING).data;

/** '₹999': the threshold as the shop's texts say it. */
export const useFreeShippingThreshold = (): string => freeShippingThresholdText(usePricingSettings());

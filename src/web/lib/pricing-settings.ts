/**
 * The shop's pricing settings in the browser (GET /api/pricing), for the texts that promise free
 * shipping over a threshold: they follow the owner's settings rather than a number written by
 * hand. Asked once per page load, by the first text that needs it; until it answers, the
 * defaults (spec §3) show, which are what a new shop has.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_PRICING, freeShippingThresholdText, type PricingSettings } from '../../shared/pricing.ts';
import { getJson } from './api.ts';

let settings: PricingSettings = DEFAULT_PRICING;
let asked = false;
const listeners = new Set<() => void>();

function ask() {
  if (asked) return;
  asked = true;
  getJson<PricingSettings>('/api/pricing').then(
    (fresh) => {
      settings = fresh;
      listeners.forEach((l) => l());
    },
    () => {}, // the defaults stay: a promise on a page is no reason for an error
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePricingSettings(): PricingSettings {
  const current = useSyncExternalStore(subscribe, () => settings, () => settings);
  useEffect(ask, []);
  return current;
}

/** '₹999': the threshold as the shop's texts say it. */
export function useFreeShippingThreshold(): string {
  return freeShippingThresholdText(usePricingSettings());
}

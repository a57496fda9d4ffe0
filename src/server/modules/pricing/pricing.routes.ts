/**
 * GET /api/pricing: the settings the browser shows prices and free-shipping texts with (the server
 * recomputes every order); and the owner's settings screen under /api/admin.
 */
import { Hono } from 'hono';
import { pricingSettingsContract } from '../../../shared/pricing-settings.contract.ts';
import type { PricingSettings } from '../../../shared/pricing.ts';
import { cacheFor } from '../../http/cache.ts';
import { valid } from '../../http/validate.ts';
import type { PricingService } from './pricing.service.ts';

export function pricingRoutes(pricing: PricingService) {
  return new Hono().get('/pricing', cacheFor('public, no-cache'), async (c) => c.json(await pricing.shown()));
}

/** Saving may do more than write the settings (the stock labels follow the low-stock mark): compose.ts says what. */
export interface OwnerSettings {
  current(): Promise<PricingSettings>;
  save(next: PricingSettings): Promise<PricingSettings>;
}

export function ownerSettingsRoutes(settings: OwnerSettings) {
  return new Hono()
    .get('/admin/settings', async (c) => c.json(await settings.current()))
    .put('/admin/settings', valid('json', pricingSettingsContract), async (c) => c.json(await settings.save(c.req.valid('json'))));
}

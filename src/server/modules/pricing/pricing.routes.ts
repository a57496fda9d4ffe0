/** GET /api/pricing: the settings the browser shows prices and free-shipping texts with (the server recomputes every order). */
import { Hono } from 'hono';
import { cacheFor } from '../../http/cache.ts';
import type { PricingService } from './pricing.service.ts';

export function pricingRoutes(pricing: PricingService) {
  return new Hono().get('/pricing', cacheFor('public, no-cache'), async (c) => c.json(await pricing.shown()));
}

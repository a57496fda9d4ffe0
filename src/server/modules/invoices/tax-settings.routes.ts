/** The owner's tax registration, under /api/admin (mounted behind its guard). */
import { Hono } from 'hono';
import { taxSettingsContract } from '../../../shared/tax-settings.contract.ts';
import type { ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { TaxSettingsService } from './tax-settings.service.ts';

export function taxSettingsRoutes(tax: TaxSettingsService) {
  return new Hono<ShopperEnv>()
    .get('/admin/tax-settings', async (c) => c.json({ settings: await tax.current() }))
    .put('/admin/tax-settings', valid('json', taxSettingsContract), async (c) => c.json({ settings: await tax.save(c.req.valid('json')) }));
}

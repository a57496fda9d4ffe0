/** The owner's delivery settings and PIN rules, under /api/admin (mounted behind its guard). */
import { Hono } from 'hono';
import { deliverySettingsContract, pinRuleContract } from '../../../shared/delivery.contract.ts';
import type { ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { DeliveryService } from './delivery.service.ts';

const prefixParam = pinRuleContract.pick({ prefix: true });

export function deliveryAdminRoutes(delivery: DeliveryService) {
  return new Hono<ShopperEnv>()
    .get('/admin/delivery', async (c) => c.json({ settings: await delivery.settings(), rules: await delivery.rules() }))
    .put('/admin/delivery', valid('json', deliverySettingsContract), async (c) => c.json(await delivery.saveSettings(c.req.valid('json'))))
    .put('/admin/pin-rules', valid('json', pinRuleContract), async (c) => {
      await delivery.saveRule(c.req.valid('json'));
      return c.json({ rules: await delivery.rules() });
    })
    .delete('/admin/pin-rules/:prefix', valid('param', prefixParam, { status: 404 }), async (c) => {
      await delivery.removeRule(c.req.valid('param').prefix);
      return c.json({ rules: await delivery.rules() });
    });
}

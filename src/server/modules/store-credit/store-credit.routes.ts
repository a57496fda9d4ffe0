/** Store credit (issue 49): the shopper's own balance and grants. */
import { Hono } from 'hono';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import type { StoreCreditService } from './store-credit.service.ts';

export function storeCreditRoutes(credit: StoreCreditService) {
  return new Hono<ShopperEnv>().use('/account/store-credit', shoppersOnly).get('/account/store-credit', async (c) => c.json(await credit.mine(requireShopper(c).id)));
}

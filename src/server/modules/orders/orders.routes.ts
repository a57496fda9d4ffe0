/** GET /api/orders: the shopper's own orders, newest first (spec §2 Orders, §7). */
import { Hono } from 'hono';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import type { OrdersService } from './orders.service.ts';

export function ordersRoutes(orders: OrdersService) {
  return new Hono<ShopperEnv>()
    .use('/orders', shoppersOnly)
    .use('/orders/*', shoppersOnly)
    .get('/orders', async (c) => c.json({ items: await orders.list(requireShopper(c).id) }));
}

/**
 * Back-in-stock requests: the shopper's list, a request set (PUT) or withdrawn (DELETE), both safe
 * to repeat, named `/back-in-stock/:productId?size=M` (a one-size piece needs no size); and the
 * mail's unsubscribe link, which carries no session and is checked by its token.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { stopAlertsContract } from '../../../shared/back-in-stock.contract.ts';
import { sizeName } from '../../../shared/cart.contract.ts';
import { productId } from '../../../shared/catalog.contract.ts';
import { clientIp } from '../../http/client-ip.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { BackInStockService } from './back-in-stock.service.ts';

const piece = z.object({ productId });
const size = z.object({ size: sizeName.optional() });

export function backInStockRoutes(alerts: BackInStockService, trustProxyHops: number) {
  return new Hono<ShopperEnv>()
    .post('/back-in-stock/stop', valid('json', stopAlertsContract), async (c) => c.json(await alerts.stop(c.req.valid('json').token, clientIp(c, trustProxyHops))))
    .use('/back-in-stock', shoppersOnly)
    .use('/back-in-stock/:productId', shoppersOnly)
    .get('/back-in-stock', async (c) => c.json({ items: await alerts.list(requireShopper(c).id) }))
    .put('/back-in-stock/:productId', valid('param', piece, { status: 404 }), valid('query', size), async (c) =>
      c.json(await alerts.ask(requireShopper(c).id, { ...c.req.valid('param'), ...c.req.valid('query') })),
    )
    .delete('/back-in-stock/:productId', valid('param', piece, { status: 404 }), valid('query', size), async (c) =>
      c.json(await alerts.withdraw(requireShopper(c).id, { ...c.req.valid('param'), ...c.req.valid('query') })),
    );
}

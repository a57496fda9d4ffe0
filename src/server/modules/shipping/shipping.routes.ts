/**
 * Parcels' routes (issue 48): the couriers' webhooks and the tracking look-up, open to all (the
 * webhooks checked by their secret, the look-up counted per address); the owner's settings,
 * booking, label, decisions and board under /api/admin, behind its guard.
 */
import { Hono } from 'hono';
import { bookParcelContract, courierSettingsContract, ndrDecisionContract, trackQuery } from '../../../shared/parcels.contract.ts';
import { COURIERS, type CourierName } from '../../../shared/parcels.ts';
import { z } from '../../../shared/zod.ts';
import { clientIp } from '../../http/client-ip.ts';
import { download } from '../../http/download.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { ORDER_NOT_FOUND } from '../orders/fulfilment.service.ts';
import { WEBHOOK_PATHS, type Shipping } from './shipping.service.ts';

const byId = valid('param', z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) }), { status: 404 });

export function parcelRoutes(shipping: Shipping, trustProxyHops: number) {
  const hooks = new Hono();
  for (const courier of COURIERS) {
    hooks.post(WEBHOOK_PATHS[courier].replace(/^\/api/, ''), async (c) => c.json(await shipping.receive(courier as CourierName, c.req.raw.headers, await c.req.text())));
  }
  return hooks.get('/track', valid('query', trackQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await shipping.track(c.req.valid('query'), clientIp(c, trustProxyHops)));
  });
}

export function ownerParcelRoutes(shipping: Shipping) {
  return new Hono<ShopperEnv>()
    .get('/admin/courier-settings', async (c) => c.json(await shipping.settingsView()))
    .put('/admin/courier-settings', valid('json', courierSettingsContract), async (c) => c.json(await shipping.saveSettings(c.req.valid('json'))))
    .get('/admin/parcels', async (c) => c.json({ items: await shipping.board() }))
    .get('/admin/orders/:id/parcel', byId, async (c) => c.json(await shipping.ofOrder(c.req.valid('param').id)))
    .post('/admin/orders/:id/parcel', byId, valid('json', bookParcelContract), async (c) => {
      const id = c.req.valid('param').id;
      await shipping.book(id, c.req.valid('json').weightGrams, requireShopper(c));
      return c.json(await shipping.ofOrder(id));
    })
    .post('/admin/orders/:id/parcel/decision', byId, valid('json', ndrDecisionContract), async (c) => {
      const id = c.req.valid('param').id;
      await shipping.decide(id, c.req.valid('json').decision, requireShopper(c));
      return c.json(await shipping.ofOrder(id));
    })
    .get('/admin/orders/:id/label', byId, async (c) => {
      const id = c.req.valid('param').id;
      return download(c, { filename: `label-${id.slice(0, 8)}.pdf`, content: Buffer.from(await shipping.label(id)) }, 'application/pdf');
    });
}

/** Returns and exchanges (issue 49): the shopper's request on a delivered order and its photographs, and the owner's rules under /api/admin. */
import { Hono } from 'hono';
import { z } from 'zod';
import { photoId, pickupContract, refuseReturnContract, returnCheckContract, returnPickupContract, returnRequestContract, returnSettingsContract, returnsListQuery, shipExchangeContract } from '../../../shared/returns.contract.ts';
import { refundChoiceContract } from '../../../shared/payouts.ts';
import { OPEN_RETURN_STATES, RETURN_PHOTOS, RETURN_WORDS } from '../../../shared/returns.ts';
import { download } from '../../http/download.ts';
import { bodyLimitOf } from '../../http/mutations.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { ORDER_NOT_FOUND, REQUEST_NOT_FOUND, type ReturnsService } from './returns.service.ts';

const order = z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) });
const photo = z.object({ id: photoId });
const orderRequest = z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }), requestId: z.uuid({ error: REQUEST_NOT_FOUND }) });

export function returnsRoutes(returns: ReturnsService) {
  return new Hono<ShopperEnv>()
    .use('/uploads/return-photos', shoppersOnly)
    .use('/returns/*', shoppersOnly)
    .use('/orders/:id/returns', shoppersOnly)
    .use('/orders/:id/returns/*', shoppersOnly)
    .post('/uploads/return-photos', bodyLimitOf(RETURN_PHOTOS.bytes, RETURN_WORDS.photoTooLarge), async (c) =>
      c.json(await returns.addPhoto(requireShopper(c).id, new Uint8Array(await c.req.arrayBuffer())), 201),
    )
    .post('/orders/:id/returns', valid('param', order, { status: 404 }), valid('json', returnRequestContract), async (c) =>
      c.json(await returns.request(requireShopper(c).id, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/orders/:id/returns', valid('param', order, { status: 404 }), async (c) => c.json(await returns.options(requireShopper(c).id, c.req.valid('param').id)))
    // A Cash-on-Delivery refund offered both ways: the shopper's choice of store credit or a payout to their account.
    .post('/orders/:id/returns/:requestId/refund-choice', valid('param', orderRequest, { status: 404 }), valid('json', refundChoiceContract), async (c) => {
      const { id, requestId } = c.req.valid('param');
      return c.json(await returns.chooseRefund(requireShopper(c).id, id, requestId, c.req.valid('json')));
    })
    .get('/returns/photos/:id', valid('param', photo, { status: 404 }), async (c) => {
      const bytes = await returns.shopperPhoto(requireShopper(c).id, c.req.valid('param').id);
      return c.body(new Uint8Array(bytes), 200, { 'content-type': 'image/webp', 'cache-control': 'private, max-age=86400' });
    });
}

const request = z.object({ id: z.uuid({ error: REQUEST_NOT_FOUND }) });

export function ownerReturnsRoutes(returns: ReturnsService) {
  return new Hono<ShopperEnv>()
    .get('/admin/returns', valid('query', returnsListQuery), async (c) => c.json({ items: await returns.list(c.req.valid('query').show === 'open' ? OPEN_RETURN_STATES : null) }))
    .post('/admin/returns/:id/approve', valid('param', request, { status: 404 }), async (c) => c.json(await returns.approve(c.req.valid('param').id, requireShopper(c).id)))
    .post('/admin/returns/:id/refuse', valid('param', request, { status: 404 }), valid('json', refuseReturnContract), async (c) =>
      c.json(await returns.refuse(c.req.valid('param').id, requireShopper(c).id, c.req.valid('json').reason)),
    )
    .post('/admin/returns/:id/send-yourself', valid('param', request, { status: 404 }), valid('json', pickupContract), async (c) => c.json(await returns.sendYourself(c.req.valid('param').id, requireShopper(c).id)))
    .post('/admin/returns/:id/pickup', valid('param', request, { status: 404 }), valid('json', returnPickupContract), async (c) =>
      c.json(await returns.bookPickup(c.req.valid('param').id, c.req.valid('json').weightGrams, requireShopper(c))),
    )
    .post('/admin/returns/:id/ship-exchange', valid('param', request, { status: 404 }), valid('json', shipExchangeContract), async (c) =>
      c.json(await returns.shipExchange(c.req.valid('param').id, c.req.valid('json'), requireShopper(c))),
    )
    .get('/admin/returns/:id/label', valid('param', request, { status: 404 }), async (c) => {
      const id = c.req.valid('param').id;
      return download(c, { filename: `exchange-label-${id.slice(0, 8)}.pdf`, content: Buffer.from(await returns.exchangeLabel(id)) }, 'application/pdf');
    })
    .post('/admin/returns/:id/refund-instead', valid('param', request, { status: 404 }), async (c) => c.json(await returns.refundInstead(c.req.valid('param').id, requireShopper(c).id)))
    .post('/admin/returns/:id/received', valid('param', request, { status: 404 }), async (c) => c.json(await returns.receive(c.req.valid('param').id, requireShopper(c).id)))
    .post('/admin/returns/:id/check', valid('param', request, { status: 404 }), valid('json', returnCheckContract), async (c) => c.json(await returns.check(c.req.valid('param').id, requireShopper(c).id, c.req.valid('json'))))
    .post('/admin/returns/:id/refunded-by-hand', valid('param', request, { status: 404 }), async (c) => c.json(await returns.refundedByHand(c.req.valid('param').id, requireShopper(c).id)))
    .get('/admin/returns/photos/:id', valid('param', photo, { status: 404 }), async (c) => c.body(new Uint8Array(await returns.anyPhoto(c.req.valid('param').id)), 200, { 'content-type': 'image/webp', 'cache-control': 'private, max-age=86400' }))
    .get('/admin/returns/summary', async (c) => c.json(await returns.summary()))
    .get('/admin/returns/settings', async (c) => c.json(await returns.settings()))
    .put('/admin/returns/settings', valid('json', returnSettingsContract), async (c) => c.json(await returns.saveSettings(c.req.valid('json'))));
}

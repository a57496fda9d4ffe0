/**
 * The checkout API: what the checkout would cost now, starting a payment (our order and the
 * provider's), the dialog's confirmation, and in test mode the stand-in for Razorpay's servers.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { SIZE_PATTERN } from '../../../shared/cart.contract.ts';
import { productId } from '../../../shared/catalog.contract.ts';
import { SIZE_NOT_OFFERED } from '../../../shared/sizes.ts';
import { confirmPaymentContract, placeCodContract, startCheckoutContract } from '../../../shared/checkout.contract.ts';
import { applyCodeContract } from '../../../shared/offers.contract.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { ORDER_NOT_FOUND, type CheckoutService } from './checkout.service.ts';

const quoteQuery = z.object({
  buyNow: productId.optional(),
  size: z.string().regex(SIZE_PATTERN, SIZE_NOT_OFFERED).optional(),
  /** The chosen address: the answer then says when it is delivered there, and whether Cash on Delivery is offered. */
  address: z.uuid({ error: 'Address not found.' }).optional(),
});
const order = z.object({ id: z.uuid({ error: ORDER_NOT_FOUND }) });

export function checkoutRoutes(checkout: CheckoutService, mode: 'razorpay' | 'test') {
  return new Hono<ShopperEnv>()
    .use('/checkout/*', shoppersOnly)
    .get('/checkout/quote', valid('query', quoteQuery, { status: 404 }), async (c) => {
      const { buyNow, size, address } = c.req.valid('query');
      return c.json({ ...(await checkout.quote(requireShopper(c), buyNow === undefined ? undefined : { productId: buyNow, size }, address)), paymentMode: mode });
    })
    .post('/checkout/code', valid('query', quoteQuery, { status: 404 }), valid('json', applyCodeContract), async (c) => {
      const { buyNow, size, address } = c.req.valid('query');
      return c.json({ ...(await checkout.applyCode(requireShopper(c), c.req.valid('json').code, buyNow === undefined ? undefined : { productId: buyNow, size }, address)), paymentMode: mode });
    })
    .delete('/checkout/code', valid('query', quoteQuery, { status: 404 }), async (c) => {
      const { buyNow, size, address } = c.req.valid('query');
      return c.json({ ...(await checkout.removeCode(requireShopper(c), buyNow === undefined ? undefined : { productId: buyNow, size }, address)), paymentMode: mode });
    })
    .post('/checkout/orders', valid('json', startCheckoutContract), async (c) => c.json(await checkout.start(requireShopper(c), c.req.valid('json')), 201))
    .post('/checkout/cod', valid('json', placeCodContract), async (c) => c.json(await checkout.placeCod(requireShopper(c), c.req.valid('json')), 201))
    .post('/checkout/orders/:id/confirm', valid('param', order, { status: 404 }), valid('json', confirmPaymentContract), async (c) =>
      c.json(await checkout.confirm(requireShopper(c).id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/checkout/orders/:id/abandon', valid('param', order, { status: 404 }), async (c) => c.json(await checkout.abandon(requireShopper(c).id, c.req.valid('param').id)))
    .post('/checkout/orders/:id/test-payment', valid('param', order, { status: 404 }), async (c) =>
      c.json(await checkout.testPayment(requireShopper(c).id, c.req.valid('param').id)),
    );
}

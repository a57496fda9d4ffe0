/** Razorpay's webhook: the raw body is read and its signature checked before anything parses it. */
import { Hono } from 'hono';
import type { PaymentsService } from './payments.service.ts';

export function paymentsRoutes(payments: PaymentsService) {
  return new Hono().post('/payments/razorpay/webhook', async (c) =>
    c.json(await payments.webhook(await c.req.text(), c.req.header('X-Razorpay-Signature'), c.req.header('X-Razorpay-Event-Id'))),
  );
}

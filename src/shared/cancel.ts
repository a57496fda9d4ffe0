/**
 * Cancelling before dispatch (issue 17): the shopper's reasons, the contract, and when an order can
 * still be cancelled. The owner's cancel takes the same path (refund and restock included).
 */
import type { OrderStatus } from './orders.ts';
import { z } from './zod.ts';

export const CANCEL_REASONS = [
  'I ordered it by mistake',
  'I want to change the size or colour',
  'I want to change the delivery address',
  'It will not arrive in time',
  'I found it cheaper elsewhere',
  'Another reason',
] as const;

/** The owner's own reason, recorded with their cancel. */
export const OWNER_CANCEL_REASON = 'Cancelled by the shop';

export const CANCEL_TOO_LATE = 'This order has left our shop, so it can no longer be cancelled. Once it arrives, you can return it.';

/** Not yet shipped: waiting for payment, or paid (or Cash on Delivery) and being packed. */
export const canCancel = (status: OrderStatus) => status === 'pending' || status === 'processing';

export const cancelOrderContract = z.object({
  reason: z.enum(CANCEL_REASONS, { error: 'Please choose why you are cancelling.' }),
});
export type CancelOrderInput = z.infer<typeof cancelOrderContract>;

/** A cancelled order's refund, as the shopper sees it. */
export interface OrderRefund {
  amount: number;
  status: 'due' | 'pending' | 'processed' | 'failed';
  /** The provider's refund id, once it has one. */
  refundId: string | null;
}

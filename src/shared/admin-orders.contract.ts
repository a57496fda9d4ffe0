/**
 * Fulfilment (design.md order status): the steps the owner may take, the admin's order list and
 * details, and the request that moves an order on.
 */
import type { AddressFields } from './addresses.ts';
import { ORDER_STATUS_LABELS, type Order, type OrderStatus, type PaymentIssue } from './orders.ts';
import type { PaymentMethod } from './pricing.ts';
import { tidy } from './text-rules.ts';
import { z } from './zod.ts';

/**
 * Where an order may go from each status. Paying moves pending to processing (the payment's own
 * step, never the owner's); an unpaid order can only be cancelled. Failed, completed, cancelled and
 * returned are the end.
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  processing: ['shipped', 'cancelled'],
  // Returned: the courier brought the parcel back (refused, or never delivered); a paid order is refunded.
  shipped: ['delivered', 'completed', 'returned'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
  failed: [],
  expired: [],
  returned: [],
};

/**
 * A Cash on Delivery order (issue 17) is placed straight into processing; it is completed only by
 * the cash collected at the door, after delivery, and a parcel refused at the door comes back as returned.
 */
const COD_NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  ...NEXT_STATUSES,
  shipped: ['delivered', 'returned'],
};

export const nextStatuses = (from: OrderStatus, method: PaymentMethod) => (method === 'cod' ? COD_NEXT : NEXT_STATUSES)[from];

export const canMove = (from: OrderStatus, to: OrderStatus, method: PaymentMethod = 'online') => nextStatuses(from, method).includes(to);

/** What the owner's button says for each step. */
export const STEP_LABELS: Partial<Record<OrderStatus, string>> = {
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  completed: 'Mark completed',
  cancelled: 'Cancel order',
  returned: 'Mark returned to us',
};

/** A Cash on Delivery order's last step says what it means. */
export const stepLabel = (to: OrderStatus, method: PaymentMethod) => (method === 'cod' && to === 'completed' ? 'Mark cash collected' : STEP_LABELS[to]);

export const TRACKING_MAX = 40;
/** A courier's tracking number as the owner types it (also an exchange's own-courier parcel, issue 49). */
export const tracking = z
  .string({ error: 'The tracking number must be text.' })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .refine((v) => v.length <= TRACKING_MAX, `The tracking number must be at most ${TRACKING_MAX} characters.`)
  .refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9 \-/]*$/.test(v), 'A tracking number has letters, digits, spaces, - and / only.')
  .transform((v) => v || null);

const statuses = Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]];

export const moveOrderContract = z.object({
  /** The status the owner saw: if the order has moved on since, nothing changes (409). */
  from: z.enum(statuses, { error: 'Unknown status.' }),
  to: z.enum(statuses, { error: 'Unknown status.' }),
  trackingNumber: tracking.nullish().transform((v) => v ?? null),
});
export type MoveOrder = z.infer<typeof moveOrderContract>;

export const trackingContract = z.object({ trackingNumber: tracking });

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const adminOrdersQuery = z.object({
  status: z.enum(statuses, { error: 'Unknown status.' }).optional(),
  search: z
    .string()
    .optional()
    .transform((v) => tidy(v ?? '').slice(0, 100)),
  page: z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be at least 1.').max(100_000, 'page must be at most 100000.').default(1),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: 'pending' | 'paid' | 'failed';
  paymentMethod: PaymentMethod;
  total: number;
  customerEmail: string;
  customerName: string;
  pieces: number;
}

export interface AdminOrderPage {
  items: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface StatusChange {
  from: OrderStatus;
  to: OrderStatus;
  trackingNumber: string | null;
  by: string;
  at: string;
}

export interface AdminOrder extends Order {
  customer: { email: string; name: string };
  address: AddressFields;
  paidAt: string | null;
  history: StatusChange[];
  /** Money that came for this order when it could not take it, and its refund. */
  paymentIssues: PaymentIssue[];
}

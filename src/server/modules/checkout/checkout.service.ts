/**
 * Checkout (spec §2 Checkout, §5 Payment start; design.md Payments): the order is written before
 * the payment dialog opens, every amount recomputed from the database, and a provider order made
 * for the same amount; the payment's confirmation is verified against the provider order WE stored
 * and settled once.
 */
import crypto from 'node:crypto';
import { addressContract } from '../../../shared/address.contract.ts';
import { isPlaceholderAddress, type Address, type AddressFields } from '../../../shared/addresses.ts';
import {
  INVALID_ADDRESS,
  ORDER_CANCELLED_PAID,
  ORDER_EXPIRED_PAID,
  ORDER_EXPIRED_UNPAID,
  PAYMENT_NOT_VERIFIED,
  PLACEHOLDER_ADDRESS,
  type BuyNowInput,
  type ConfirmPaymentInput,
  type PlaceCodInput,
  type StartCheckoutInput,
} from '../../../shared/checkout.contract.ts';
import { codAbove, codBelow, codTooMany, COD_NOT_AT_PIN, COD_VERIFY_EMAIL, type CheckoutDelivery, type CodPlaced } from '../../../shared/cod.ts';
import { mainLine } from '../../../shared/gst.ts';
import { priceOrder } from '../../../shared/order-price.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { codConfirmationMail } from '../orders/orders.mails.ts';
import type { CheckoutStart, PaymentConfirmed } from '../../../shared/orders.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { Shopper } from '../../http/session.ts';
import type { AddressesService } from '../addresses/addresses.service.ts';
import { ABANDON_STEP, type OrderRow, type OrdersService } from '../orders/orders.service.ts';
import { ProviderError, type CheckoutSuccess, type PaymentProvider } from '../payments/provider.ts';
import type { Settle } from '../payments/settle.ts';
import { providerChecks } from './checkout.provider-checks.ts';
import { quote, type Quote, type QuoteDeps } from './checkout.quote.ts';

export { INVALID_ADDRESS, PLACEHOLDER_ADDRESS };
export const PRICE_CHANGED = 'Prices have changed since you opened checkout. Please check your order and pay again.';
export const PROVIDER_AWAY = 'We could not reach the payment service. Please try again in a moment.';
export const ORDER_NOT_FOUND = 'Order not found.';

export interface CheckoutDeps extends QuoteDeps {
  addresses: AddressesService;
  orders: OrdersService;
  delivery: Pick<DeliveryService, 'forAddress'>;
  provider: PaymentProvider & { issuePayment?: (providerOrderId: string, amount: number) => CheckoutSuccess };
  settle: Settle;
  /** The shop's public address, for the mail's link to the orders; none in development without PUBLIC_URL. */
  publicUrl: string | undefined;
  outbox: Outbox;
}

const fields = ({ name, phone, house, street, city, state, pincode, country }: Address): AddressFields => ({ name, phone, house, street, city, state, pincode, country });

/** Spec §5 Payment start: the address must pass the address rules and carry no placeholder. */
async function deliverableAddress(addresses: AddressesService, userId: string, addressId: string): Promise<Address> {
  const address = (await addresses.list(userId)).find((a) => a.id === addressId);
  if (!address) throw new AppError(422, 'address_invalid', INVALID_ADDRESS);
  if (!addressContract.safeParse(fields(address)).success) throw new AppError(422, 'address_invalid', INVALID_ADDRESS);
  if (isPlaceholderAddress(address)) throw new AppError(422, 'address_placeholder', PLACEHOLDER_ADDRESS);
  return address;
}

/** What was being bought, so a second Pay for the same thing reuses its pending order. */
function fingerprint(q: Quote, address: Address): string {
  const what = { source: q.source, address: address.id, fields: fields(address), lines: q.lines.map((l) => [l.productId, l.size, l.quantity, l.unitPrice]), amounts: q.amounts };
  return crypto.createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** The order's row as the quote priced it, for the shopper and the address (the payment's own columns are the caller's). */
function orderRow(shopper: Shopper, q: Quote, address: Address, paymentProvider: PaymentProvider['mode']) {
  const a = q.amounts;
  return {
    userId: shopper.id,
    source: q.source,
    paymentProvider,
    addressId: address.id,
    addressJson: fields(address),
    subtotal: a.subtotal,
    gstAmount: a.gstAmount,
    gstRateBp: a.gstRateBp,
    gstByRate: a.gstByRate ?? null,
    chargesGstRateBp: chargesRate(q),
    pricesIncludeGst: a.gstIncluded,
    shippingCharges: a.shippingCharges,
    total: a.total,
    checkoutFingerprint: fingerprint(q, address),
  };
}

const linesOf = (q: Quote) =>
  q.lines.map(({ productId, name, size, unitPrice, quantity, lineTotal, tax, gstRateBp, taxableValue, gstAmount }) => ({
    productId, name, size, unitPrice, quantity, lineTotal, hsnCode: tax.hsnCode, gstRateBp, taxableValue, gstAmount,
  }));

/** The rate shipping and the COD fee are taxed at: the main piece's (src/shared/gst.ts). */
const chargesRate = (q: Quote) => q.lines[mainLine(q.lines.map((l) => l.lineTotal))]?.gstRateBp ?? q.amounts.gstRateBp;

const codPlaced = (order: OrderRow): CodPlaced => ({ orderId: order.id, orderNumber: order.orderNumber, total: order.total });

/** A piece priced 0 by mistake: neither the orders table nor Razorpay takes less than ₹1.00 (was a 500). */
const UNPAYABLE = 'This order cannot be paid online. Please contact us.';

export function createCheckoutService(deps: CheckoutDeps) {
  const { orders, provider, settle } = deps;

  function started(order: OrderRow, shopper: Shopper, address: Address): CheckoutStart {
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amounts: {
        subtotal: order.subtotal,
        gstAmount: order.gstAmount,
        shippingCharges: order.shippingCharges,
        total: order.total,
        gstRateBp: order.gstRateBp,
        gstIncluded: order.pricesIncludeGst,
        ...(order.gstByRate && { gstByRate: order.gstByRate }),
      },
      provider: { mode: provider.mode, keyId: provider.keyId, orderId: order.providerOrderId! },
      prefill: { name: address.name, email: shopper.email, contact: `+91${address.phone}` },
      addressNote: `${address.house}, ${address.street}, ${address.city}, ${address.state} ${address.pincode}`,
    };
  }

  const { paymentHeld, settledAlready, capturedAmount } = providerChecks(provider, settle);
  const newOrder = (shopper: Shopper, q: Quote, address: Address) => orderRow(shopper, q, address, provider.mode);

  /** Delivery to the address, and Cash on Delivery for this order there, or the one reason it is not offered (issue 17). */
  async function deliveryFor(shopper: Shopper, address: Address, q: Quote): Promise<CheckoutDelivery & { openLimit: number }> {
    const [d, pricing] = await Promise.all([deps.delivery.forAddress(address.pincode), deps.pricing.current()]);
    const amounts = priceOrder(q.lines, pricing, 'cod', q.gstRegistered);
    const { total, codFee = 0 } = amounts;
    const s = d.settings;
    const reason = !d.served
      ? d.text
      : !d.codAtPin
        ? COD_NOT_AT_PIN
        : total > s.codMaxPaise
          ? codAbove(s.codMaxPaise)
          : total < s.codMinPaise
            ? codBelow(s.codMinPaise)
            : !shopper.emailVerified
              ? COD_VERIFY_EMAIL
              : await orders.openCod(shopper.id).then((open) => (open >= s.codOpenOrdersMax ? codTooMany(open) : null));
    return { served: d.served, text: d.text, cod: { offered: reason === null, reason, fee: codFee, total, amounts }, openLimit: s.codOpenOrdersMax };
  }

  /** A new Cash on Delivery order, every condition checked again (placeCod's work once no order has this press). */
  async function placeNewCod(shopper: Shopper, input: PlaceCodInput): Promise<CodPlaced> {
    const address = await deliverableAddress(deps.addresses, shopper.id, input.addressId);
    const q = await quote(deps, shopper.id, input.buyNow);
    const delivery = await deliveryFor(shopper, address, q);
    if (delivery.cod.reason) throw new AppError(409, 'cod_unavailable', delivery.cod.reason);
    const a = priceOrder(q.lines, await deps.pricing.current(), 'cod', q.gstRegistered);
    if (a.total !== input.expectedTotal) throw new AppError(409, 'price_changed', PRICE_CHANGED);
    if (a.subtotal <= 0 || a.total < 100) throw new AppError(409, 'unavailable', UNPAYABLE);
    let mailed = false;
    const { order } = await orders.placeCod(
      shopper.id,
      { ...newOrder(shopper, { ...q, amounts: a }, address), paymentMethod: 'cod', codFee: a.codFee ?? 0, placementKey: input.placementKey },
      linesOf(q),
      {
        openLimit: delivery.openLimit,
        onPlaced: async (tx, placed) => {
          if (placed.order.source === 'cart') {
            await deps.cart.removeBoughtIn(tx, shopper.id, placed.lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, size: l.size ?? ONE_SIZE }])));
          }
          if (!placed.buyer) return;
          await deps.outbox.send(tx, codConfirmationMail({ ...placed, buyer: placed.buyer }, deps.publicUrl ? `${deps.publicUrl}/orders` : null, delivery.text));
          mailed = true;
        },
      },
    );
    if (mailed) deps.outbox.nudge();
    return codPlaced(order);
  }

  return {
    /** What the checkout would cost now; with the chosen address, its delivery and whether Cash on Delivery is offered. */
    async quote(shopper: Shopper, buyNow?: BuyNowInput, addressId?: string): Promise<Quote & { delivery?: CheckoutDelivery }> {
      const q = await quote(deps, shopper.id, buyNow);
      const address = addressId ? await deliverableAddress(deps.addresses, shopper.id, addressId).catch(() => null) : null;
      if (!address) return q;
      const { openLimit: _, ...delivery } = await deliveryFor(shopper, address, q);
      return { ...q, delivery };
    },

    /**
     * A Cash on Delivery order (issue 17): every condition checked again by the server, the total the
     * shopper was shown, then placed in one transaction with its stock, cart and mail; the same
     * press again (a double tap, a retry) answers the order it made.
     */
    async placeCod(shopper: Shopper, input: PlaceCodInput): Promise<CodPlaced> {
      // The same press again, after it went through (its cart lines are gone by now): its order.
      const before = await orders.placedBy(shopper.id, input.placementKey);
      if (before) return codPlaced(before);
      try {
        return await placeNewCod(shopper, input);
      } catch (err) {
        // The same press racing its twin: between the look above and its own checks, the twin
        // placed the order and took the cart's lines, so this one found nothing selected (or the
        // open-order limit reached). The order the press made is its answer, not the refusal.
        const twin = err instanceof AppError ? await orders.placedBy(shopper.id, input.placementKey) : undefined;
        if (twin) return codPlaced(twin);
        throw err;
      }
    },

    async start(shopper: Shopper, input: StartCheckoutInput): Promise<CheckoutStart> {
      const address = await deliverableAddress(deps.addresses, shopper.id, input.addressId);
      const q = await quote(deps, shopper.id, input.buyNow);
      // Nothing is sold to a PIN the shop does not deliver to (issue 17).
      const reach = await deps.delivery.forAddress(address.pincode);
      if (!reach.served) throw new AppError(409, 'not_delivered', reach.text);
      if (q.amounts.total !== input.expectedTotal) throw new AppError(409, 'price_changed', PRICE_CHANGED);
      if (q.amounts.subtotal <= 0 || q.amounts.total < 100) throw new AppError(409, 'unavailable', UNPAYABLE);
      const { order, reused } = await orders.begin(shopper.id, newOrder(shopper, q, address), linesOf(q));
      // The same purchase, already offered for payment: it may have been paid meanwhile.
      if (reused && order.providerOrderId) {
        await settledAlready(order);
        return started(order, shopper, address);
      }
      // A new order, or a twin whose offer is under way in a racing request (or failed): offer it now.
      // No transaction is held across the provider's call; the first offer recorded is the one kept.
      // Razorpay captures within the window the pieces are held for, and not after it.
      const captureMinutes = (await deps.pricing.current()).reservationMinutes;
      const providerOrder = await provider.createOrder({ amount: q.amounts.total, receipt: order.orderNumber, notes: { order_id: order.id }, captureMinutes }).catch((err: unknown) => {
        if (err instanceof ProviderError) {
          console.error(`Payment provider: order ${order.orderNumber}: ${err.message} (${err.status})`);
          throw new AppError(502, 'payment_unavailable', PROVIDER_AWAY);
        }
        throw err;
      });
      return started({ ...order, providerOrderId: await orders.offered(order.id, providerOrder.id) }, shopper, address);
    },

    /** The dialog's success, verified with the provider order we stored (never the browser's), then settled once. */
    async confirm(userId: string, orderId: string, input: ConfirmPaymentInput): Promise<PaymentConfirmed> {
      const order = await orders.own(userId, orderId);
      if (!order?.providerOrderId) throw new NotFoundError(ORDER_NOT_FOUND);
      if (!provider.verifyPaymentSignature(order.providerOrderId, input.razorpay_payment_id, input.razorpay_signature)) {
        throw new AppError(400, 'payment_not_verified', PAYMENT_NOT_VERIFIED);
      }
      if (order.status === 'cancelled') {
        // No payment revives it. Money Razorpay holds for it is recorded and refunded (the webhook
        // and the reconcile step do the same if this fails); the shopper hears why either way.
        await paymentHeld(order, input.razorpay_payment_id)
          .then(() => settle(order.providerOrderId!, input.razorpay_payment_id, null))
          .catch((err: unknown) => {
            if (!(err instanceof AppError)) throw err; // not held (refunded already), or Razorpay away
          });
        throw new AppError(409, 'order_cancelled', ORDER_CANCELLED_PAID);
      }
      await paymentHeld(order, input.razorpay_payment_id);
      // Its window closed (or the shopper closed the dialog): money taken may still buy the pieces
      // if they are there (issue 16); the amount taken says so, as the webhook's does.
      const amount = order.status === 'expired' ? await capturedAmount(order, input.razorpay_payment_id) : null;
      if (order.status === 'expired' && amount === null) throw new AppError(409, 'order_expired', ORDER_EXPIRED_UNPAID);
      const settled = await settle(order.providerOrderId, input.razorpay_payment_id, amount);
      if (settled.outcome === 'other-payment') throw new AppError(409, 'already_paid', 'This order is already paid. A second payment for it will be refunded.');
      if (settled.outcome === 'not-payable') {
        if (settled.order.status === 'expired') throw new AppError(409, 'order_expired', ORDER_EXPIRED_PAID);
        throw new AppError(409, 'order_cancelled', ORDER_CANCELLED_PAID);
      }
      if (settled.outcome !== 'paid' && settled.outcome !== 'already') throw new AppError(409, 'not_settled', PAYMENT_NOT_VERIFIED);
      return { orderId: order.id, orderNumber: order.orderNumber, paymentId: input.razorpay_payment_id };
    },

    /**
     * The shopper closed the payment without paying (issue 16): the order lapses now and its pieces
     * go back on sale at once, unless Razorpay already took the money (then it is settled: 409).
     * Safe to repeat; another shopper's order is not found. A payment that still comes later buys
     * the pieces if they are there, or is refunded (orders.settle).
     */
    async abandon(userId: string, orderId: string): Promise<{ released: boolean }> {
      const order = await orders.own(userId, orderId);
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.status !== 'pending' || order.paymentStatus !== 'pending') return { released: false };
      if (order.providerOrderId) await settledAlready(order);
      return { released: await orders.expire(order.id, ABANDON_STEP) };
    },

    /** Test mode only: what Razorpay's servers would hand the dialog, signed with the local secret. */
    async testPayment(userId: string, orderId: string): Promise<CheckoutSuccess> {
      if (provider.mode !== 'test' || !provider.issuePayment) throw new NotFoundError('Not found');
      const order = await orders.own(userId, orderId);
      if (!order?.providerOrderId) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.paymentStatus !== 'pending') throw new AppError(409, 'already_paid', 'This order is already paid.');
      if (order.status !== 'pending') throw new AppError(409, 'order_cancelled', 'This order can no longer be paid. Please place a new order.');
      return provider.issuePayment(order.providerOrderId, order.total);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

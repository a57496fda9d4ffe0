/**
 * Cash on Delivery at checkout (issue 17): whether it is offered for this order at this address
 * (src/shared/cod.ts's one verdict), and placing such an order, every condition checked again by
 * the server, the total the shopper was shown, then one transaction with its stock, cart and mail.
 */
import type { Address } from '../../../shared/addresses.ts';
import type { PlaceCodInput } from '../../../shared/checkout.contract.ts';
import { codVerdict, type CheckoutDelivery, type CodLimits, type CodPlaced } from '../../../shared/cod.ts';
import { AppError } from '../../http/errors.ts';
import type { Shopper } from '../../http/session.ts';
import { codConfirmationMail } from '../orders/orders.mails.ts';
import { boughtPieces, type OrderRow, type OrderTx, type PaidOrder } from '../orders/orders.service.ts';
import { deliverableAddress, orderLines, orderRow, payableAsShown, stockSettingsOf } from './checkout.order.ts';
import { readQuote, type PricedQuote } from './checkout.quote.ts';
import type { CheckoutDeps } from './checkout.service.ts';
import { ownHoldsUnpaid } from './checkout.provider-checks.ts';

export type CodAtAddress = CheckoutDelivery & { limits: CodLimits };

/** Delivery to the address, and Cash on Delivery for this order there, or the one reason it is not offered. */
export async function codAtAddress(deps: Pick<CheckoutDeps, 'delivery' | 'orders'>, shopper: Shopper, address: Address, pq: PricedQuote): Promise<CodAtAddress> {
  const [d, openOrders] = await Promise.all([deps.delivery.forAddress(address.pincode), deps.orders.openCod(shopper.id)]);
  const amounts = pq.amounts.cod;
  const verdict = codVerdict({ atPin: d.codAtPin, total: amounts.total, limits: d.settings, shopper: { emailVerified: shopper.emailVerified, openOrders } });
  const reason = d.served ? (verdict?.reason ?? null) : d.text;
  return { served: d.served, text: d.text, cod: { offered: reason === null, reason, fee: amounts.codFee ?? 0, total: amounts.total, amounts }, limits: d.settings };
}

export const codPlaced = (order: OrderRow): CodPlaced => ({ orderId: order.id, orderNumber: order.orderNumber, total: order.total });

/** The order's cart lines leave the cart, and its confirmation mail is written, in the placing transaction. */
function onCodPlaced(deps: CheckoutDeps, shopper: Shopper, deliveryText: string, mailed: { written: boolean }) {
  return async (tx: OrderTx, placed: PaidOrder) => {
    if (placed.order.source === 'cart') {
      await deps.cart.removeBoughtIn(tx, shopper.id, boughtPieces(placed.lines));
    }
    await deps.offers.usedIn(tx, shopper.id, placed.order.offers);
    if (!placed.buyer) return;
    await deps.outbox.send(tx, codConfirmationMail({ ...placed, buyer: placed.buyer }, deps.publicUrl ? `${deps.publicUrl}/orders` : null, deliveryText));
    mailed.written = true;
  };
}

/** A new Cash on Delivery order, every condition checked again (placeCod's work once no order has this press). */
export async function placeNewCod(deps: CheckoutDeps, shopper: Shopper, input: PlaceCodInput): Promise<CodPlaced> {
  await deps.limits.beforeCod(shopper.id);
  const address = await deliverableAddress(deps.addresses, shopper.id, input.addressId);
  const pq = await readQuote(deps, shopper.id, input.buyNow);
  const at = await codAtAddress(deps, shopper, address, pq);
  if (at.cod.reason) throw new AppError(409, 'cod_unavailable', at.cod.reason);
  const a = pq.amounts.cod;
  payableAsShown(a, input.expectedTotal);
  await ownHoldsUnpaid(deps, shopper.id, pq.shown.lines);
  const mailed = { written: false };
  const { order } = await deps.orders.placeCod(
    shopper.id,
    { ...orderRow(shopper, pq, address, 'cod', deps.provider.mode), paymentMethod: 'cod', codFee: a.codFee ?? 0, placementKey: input.placementKey },
    orderLines(pq, 'cod'),
    { limits: at.limits, ...stockSettingsOf(pq), onPlaced: onCodPlaced(deps, shopper, at.text, mailed) },
  );
  if (mailed.written) deps.outbox.nudge();
  return codPlaced(order);
}

/**
 * A Cash on Delivery order (issue 17): the same press again (a double tap, a retry) answers the
 * order it made.
 */
export async function placeCod(deps: CheckoutDeps, shopper: Shopper, input: PlaceCodInput): Promise<CodPlaced> {
  // The same press again, after it went through (its cart lines are gone by now): its order.
  const before = await deps.orders.placedBy(shopper.id, input.placementKey);
  if (before) return codPlaced(before);
  try {
    return await placeNewCod(deps, shopper, input);
  } catch (err) {
    // The same press racing its twin: between the look above and its own checks, the twin
    // placed the order and took the cart's lines, so this one found nothing selected (or the
    // open-order limit reached). The order the press made is its answer, not the refusal.
    const twin = err instanceof AppError ? await deps.orders.placedBy(shopper.id, input.placementKey) : undefined;
    if (twin) return codPlaced(twin);
    throw err;
  }
}

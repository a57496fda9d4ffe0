/**
 * From a quote to the order's rows (spec §5 Payment start): the address it goes to, checked, and
 * the order and its lines as the quote priced them, for the method chosen. Nothing here reads the
 * database but the address; the money is the quote's.
 */
import crypto from 'node:crypto';
import { addressContract } from '../../../shared/address.contract.ts';
import { isPlaceholderAddress, type Address, type AddressFields } from '../../../shared/addresses.ts';
import { INVALID_ADDRESS, PLACEHOLDER_ADDRESS } from '../../../shared/checkout.contract.ts';
import type { AppliedOffer } from '../../../shared/offers.ts';
import type { PaymentMethod, PriceBreakdown } from '../../../shared/pricing.ts';
import { AppError } from '../../http/errors.ts';
import type { Shopper } from '../../http/session.ts';
import type { AddressesService } from '../addresses/addresses.service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { PricedQuote, Quote } from './checkout.quote.ts';

export const PRICE_CHANGED = 'Prices have changed since you opened checkout. Please check your order and pay again.';
/** A piece priced 0 by mistake: neither the orders table nor Razorpay takes less than ₹1.00 (was a 500). */
export const UNPAYABLE = 'This order cannot be paid online. Please contact us.';

const fields = ({ name, phone, house, street, city, state, pincode, country }: Address): AddressFields => ({ name, phone, house, street, city, state, pincode, country });

/** Spec §5 Payment start: the address must be the shopper's, pass the address rules and carry no placeholder. */
export async function deliverableAddress(addresses: Pick<AddressesService, 'list'>, userId: string, addressId: string): Promise<Address> {
  const address = (await addresses.list(userId)).find((a) => a.id === addressId);
  if (!address) throw new AppError(422, 'address_invalid', INVALID_ADDRESS);
  if (!addressContract.safeParse(fields(address)).success) throw new AppError(422, 'address_invalid', INVALID_ADDRESS);
  if (isPlaceholderAddress(address)) throw new AppError(422, 'address_placeholder', PLACEHOLDER_ADDRESS);
  return address;
}

/** The total the shopper was shown must be the one priced now, and payable at all. */
export function payableAsShown(amounts: PriceBreakdown, expectedTotal: number): void {
  if (amounts.total !== expectedTotal) throw new AppError(409, 'price_changed', PRICE_CHANGED);
  if (amounts.subtotal <= 0 || amounts.total < 100) throw new AppError(409, 'unavailable', UNPAYABLE);
}

/** What was being bought, so a second Pay for the same thing reuses its pending order. */
function fingerprint(q: Quote, amounts: PriceBreakdown, address: Address, credit: number, offers: readonly AppliedOffer[]): string {
  const lines = q.lines.map((l) => [l.productId, l.size, l.quantity, l.unitPrice]);
  const what = { source: q.source, address: address.id, fields: fields(address), lines, amounts, credit, offers: offers.map((o) => [o.offerId, o.code, o.amount]) };
  return crypto.createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** The order's row as the quote priced it for `method` (the payment's own columns are the caller's). */
export function orderRow(shopper: Shopper, pq: PricedQuote, address: Address, method: PaymentMethod, paymentProvider: PaymentProvider['mode'], credit = 0) {
  const a = pq.amounts[method];
  const applied = pq.offers[method].applied;
  return {
    userId: shopper.id,
    source: pq.shown.source,
    paymentProvider,
    addressId: address.id,
    addressJson: fields(address),
    subtotal: a.subtotal,
    gstAmount: a.gstAmount,
    gstRateBp: a.gstRateBp,
    gstByRate: a.gstByRate ?? null,
    chargesGstRateBp: pq.chargesRateBp,
    pricesIncludeGst: a.gstIncluded,
    shippingCharges: a.shippingCharges,
    discount: a.discount ?? 0,
    shippingDiscount: a.shippingDiscount ?? 0,
    offers: applied.length ? applied : null,
    total: a.total,
    checkoutFingerprint: fingerprint(pq.shown, a, address, credit, applied),
  };
}

/** The order's lines as the quote priced them for `method`: each with its discount, HSN code, rate, value before GST and GST, which the invoice prints. */
export const orderLines = (pq: PricedQuote, method: PaymentMethod) =>
  pq.lines[method].map(({ productId, name, size, unitPrice, quantity, lineTotal, discount, tax, gstRateBp, taxableValue, gstAmount }) => ({
    productId, name, size, unitPrice, quantity, lineTotal, discount: discount ?? 0, hsnCode: tax.hsnCode, gstRateBp, taxableValue, gstAmount,
  }));

/** The stock settings an order is placed with: the quote's. */
export const stockSettingsOf = ({ settings }: PricedQuote) => ({ reservationMinutes: settings.reservationMinutes, lowStockThreshold: settings.lowStockThreshold });

/**
 * Paying (spec §4 Checkout and Payment success, §5 Payment start): the address is checked first
 * (the server checks again), our server makes the order and the provider's, the dialog opens
 * (Razorpay's, or the test mode's), and its success is confirmed by our server before the shopper
 * sees the confirmation. Closing the dialog resets the button.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { addressContract } from '../../../shared/address.contract.ts';
import { isPlaceholderAddress, type Address } from '../../../shared/addresses.ts';
import { INVALID_ADDRESS, PLACEHOLDER_ADDRESS } from '../../../shared/checkout.contract.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { ApiError } from '../../lib/api.ts';
import type { BuyNowKey } from '../../lib/buy-now.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { refreshSession } from '../../lib/session.ts';
import { abandonPayment, askOrderUpdates, confirmPayment, placeCod, startPayment, testPayment, type CheckoutSuccess, type Quote } from './checkout.api.ts';
import { openRazorpay } from './razorpay-checkout.ts';

interface Paying {
  shopperId: string;
  buyNow: BuyNowKey | null;
  address: Address | null;
  quote: Quote | undefined;
  /** The box "order updates on WhatsApp or SMS" ticked (issue 48). */
  orderUpdates?: boolean;
  /** Store credit to pay with, as the summary shows it (issue 49). */
  credit?: number;
}

export function usePayment({ shopperId, buyNow, address, quote, orderUpdates = false, credit = 0 }: Paying) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [testStart, setTestStart] = useState<CheckoutStart | null>(null);
  // One press of Place order, kept until the server answers it: a retry after a dropped
  // connection sends the same key, so the order is made once (issue 17).
  const placement = useRef(newPlacementKey());

  const fail = (err: unknown) => {
    setProcessing(false);
    setTestStart(null);
    setMessage(err instanceof Error ? err.message : String(err));
    // The prices or the cart moved under the shopper: show what it costs now.
    if (err instanceof ApiError && err.status === 409) void client.invalidateQueries({ queryKey: queryKeys.quote(shopperId, buyNow) });
  };

  async function finish(start: CheckoutStart, success: CheckoutSuccess) {
    try {
      const paid = await confirmPayment(start.orderId, success);
      // What paying changed: the bought pieces left the cart (and its badge), the orders gained one.
      // (The quote is asked afresh whenever a checkout opens; asked now, it would find nothing to buy.)
      for (const queryKey of [queryKeys.cart(shopperId), queryKeys.orders(shopperId), queryKeys.storeCredit(shopperId)]) void client.invalidateQueries({ queryKey });
      await refreshSession(client);
      void navigate('/order-confirmation', { replace: true, state: { paymentId: paid.paymentId, orderNumber: paid.orderNumber } });
    } catch (err) {
      fail(err);
    }
  }

  /** Store credit paid all of it: the order is paid already, as a confirmed payment's would be. */
  async function paidWithCredit(start: CheckoutStart) {
    for (const queryKey of [queryKeys.cart(shopperId), queryKeys.orders(shopperId), queryKeys.storeCredit(shopperId)]) void client.invalidateQueries({ queryKey });
    await refreshSession(client);
    void navigate('/order-confirmation', { replace: true, state: { orderNumber: start.orderNumber, paidWithCredit: start.creditUsed } });
  }

  /**
   * Closed without paying: the order lapses at once and its pieces go back on sale for the next
   * shopper (issue 16); Pay again makes a new one. The answer does not matter to the screen.
   */
  function dismissed(start: CheckoutStart) {
    setProcessing(false);
    void abandonPayment(start.orderId).catch(() => undefined);
  }

  /** Spec §5 Payment start's checks, in the browser first (the server checks again); the address id if they pass. */
  function checkedAddress(): string | null {
    if (!address || !quote) return null;
    setMessage(null);
    const { id, createdAt: _, ...fields } = address;
    const problem = !addressContract.safeParse(fields).success ? INVALID_ADDRESS : isPlaceholderAddress(address) ? PLACEHOLDER_ADDRESS : null;
    setMessage(problem);
    return problem ? null : id;
  }

  /** The box ticked: asked for before the order, so its first step is told there too. Its failure never stops the order. */
  const updatesAsked = () => (orderUpdates ? askOrderUpdates().catch(() => undefined) : Promise.resolve());

  async function payOnDelivery() {
    const id = checkedAddress();
    const cod = quote?.delivery?.cod;
    if (!id || !cod?.offered) return;
    setProcessing(true);
    try {
      await updatesAsked();
      const placed = await placeCod({ addressId: id, ...(buyNow !== null && { buyNow }), expectedTotal: cod.total, placementKey: placement.current });
      placement.current = newPlacementKey();
      for (const queryKey of [queryKeys.cart(shopperId), queryKeys.orders(shopperId)]) void client.invalidateQueries({ queryKey });
      await refreshSession(client);
      void navigate('/order-confirmation', { replace: true, state: { orderNumber: placed.orderNumber, payOnDelivery: placed.total } });
    } catch (err) {
      // Answered and refused: the next press is a new one. Not answered: the same press again.
      if (err instanceof ApiError) placement.current = newPlacementKey();
      fail(err);
    }
  }

  async function pay() {
    const id = checkedAddress();
    if (!id || !quote) return;
    setProcessing(true);
    try {
      await updatesAsked();
      const start = await startPayment({ addressId: id, ...(buyNow !== null && { buyNow }), expectedTotal: quote.amounts.total, credit, placementKey: placement.current }).catch((err: unknown) => {
        // Answered and refused: the next press is a new one. Not answered: the same press again.
        if (err instanceof ApiError) placement.current = newPlacementKey();
        throw err;
      });
      placement.current = newPlacementKey();
      if (start.paidWithCredit) return await paidWithCredit(start);
      if (start.provider.mode === 'test') return setTestStart(start);
      await openRazorpay(start, { onSuccess: (s) => void finish(start, s), onDismiss: () => dismissed(start) });
    } catch (err) {
      fail(err);
    }
  }

  return {
    processing,
    message,
    pay: () => void pay(),
    payOnDelivery: () => void payOnDelivery(),
    test: testStart && {
      start: testStart,
      pay: async () => {
        try {
          await finish(testStart, await testPayment(testStart.orderId));
        } catch (err) {
          fail(err);
        }
      },
      dismiss: () => {
        setTestStart(null);
        dismissed(testStart);
      },
    },
  };
}

/** A v4 UUID; crypto.randomUUID needs a secure context, which a shop tried on a LAN address is not. */
function newPlacementKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Paying (spec §4 Checkout and Payment success, §5 Payment start): the address is checked first
 * (the server checks again), our server makes the order and the provider's, the dialog opens
 * (Razorpay's, or the test mode's), and its success is confirmed by our server before the shopper
 * sees the confirmation. Closing the dialog resets the button.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addressContract } from '../../../shared/address.contract.ts';
import { isPlaceholderAddress, type Address } from '../../../shared/addresses.ts';
import { INVALID_ADDRESS, PLACEHOLDER_ADDRESS } from '../../../shared/checkout.contract.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { ApiError } from '../../lib/api.ts';
import type { BuyNowKey } from '../../lib/buy-now.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { refreshSession } from '../../lib/session.ts';
import { abandonPayment, confirmPayment, startPayment, testPayment, type CheckoutSuccess, type Quote } from './checkout.api.ts';
import { openRazorpay } from './razorpay-checkout.ts';

interface Paying {
  shopperId: string;
  buyNow: BuyNowKey | null;
  address: Address | null;
  quote: Quote | undefined;
}

export function usePayment({ shopperId, buyNow, address, quote }: Paying) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [testStart, setTestStart] = useState<CheckoutStart | null>(null);

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
      for (const queryKey of [queryKeys.cart(shopperId), queryKeys.orders(shopperId)]) void client.invalidateQueries({ queryKey });
      await refreshSession(client);
      void navigate('/order-confirmation', { replace: true, state: { paymentId: paid.paymentId, orderNumber: paid.orderNumber } });
    } catch (err) {
      fail(err);
    }
  }

  /**
   * Closed without paying: the order lapses at once and its pieces go back on sale for the next
   * shopper (issue 16); Pay again makes a new one. The answer does not matter to the screen.
   */
  function dismissed(start: CheckoutStart) {
    setProcessing(false);
    void abandonPayment(start.orderId).catch(() => undefined);
  }

  async function pay() {
    if (!address || !quote) return;
    setMessage(null);
    const { id, createdAt: _, ...fields } = address;
    if (!addressContract.safeParse(fields).success) return setMessage(INVALID_ADDRESS);
    if (isPlaceholderAddress(address)) return setMessage(PLACEHOLDER_ADDRESS);
    setProcessing(true);
    try {
      const start = await startPayment({ addressId: id, ...(buyNow !== null && { buyNow }), expectedTotal: quote.amounts.total });
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

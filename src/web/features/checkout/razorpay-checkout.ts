/**
 * Razorpay's Standard Checkout (spec §7 Card payment provider): its script is loaded on demand, the
 * first time a shopper pays, and opened with the spec's options. The key is the public key id; the
 * amount is the order's, in paise, as our server made the Razorpay order.
 */
import type { CheckoutStart } from '../../../shared/orders.ts';
import { STORE } from '../../../shared/store.ts';
import type { CheckoutSuccess } from './checkout.api.ts';

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
/** The shop's wine, for Razorpay's dialog. */
const THEME_COLOR = '#7a1f3d';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: unknown) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

function loadScript(): Promise<RazorpayConstructor> {
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('The payment window did not load.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('The payment window could not be loaded. Please check your connection and try again.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens Razorpay's dialog; `onSuccess` gets what its handler hands over, `onDismiss` runs when the shopper closes it. */
export async function openRazorpay(start: CheckoutStart, on: { onSuccess: (s: CheckoutSuccess) => void; onDismiss: () => void }) {
  const Razorpay = await loadScript();
  const dialog = new Razorpay({
    key: start.provider.keyId,
    // What store credit did not pay (issue 49): the provider's order was made for it.
    amount: String(start.amounts.total - start.creditUsed),
    currency: 'INR',
    name: STORE.name,
    description: 'Order Payment',
    order_id: start.provider.orderId,
    prefill: start.prefill,
    notes: { address: start.addressNote, order_number: start.orderNumber },
    theme: { color: THEME_COLOR },
    modal: { ondismiss: on.onDismiss },
    handler: on.onSuccess,
  });
  dialog.open();
}

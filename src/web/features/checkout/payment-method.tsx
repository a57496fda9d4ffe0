import { Banknote, CreditCard, Truck } from 'lucide-react';
import { useState } from 'react';
import { COD_VERIFY_EMAIL, payOnDeliveryText, type CheckoutDelivery } from '../../../shared/cod.ts';
import { formatInr } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { sendVerificationMail } from './checkout.api.ts';

export type Method = 'online' | 'cod';

interface Props {
  method: Method;
  onChange: (method: Method) => void;
  /** The server's answer for the chosen address; none before one is chosen. */
  delivery: CheckoutDelivery | undefined;
  email: string;
}

const optionClass = 'flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4 has-[:checked]:border-wine has-[:checked]:ring-1 has-[:checked]:ring-wine has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-sand/40';

/**
 * How the shopper pays (issue 17): online through Razorpay, or in cash on delivery where the
 * server offers it; when it does not, the one line that says why (and, for an unverified e-mail,
 * the way to verify it from here).
 */
export function PaymentMethod({ method, onChange, delivery, email }: Props) {
  const cod = delivery?.cod;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-display text-2xl font-semibold">Payment</legend>
      {delivery && (
        <p className={`flex items-center gap-2 text-sm ${delivery.served ? 'text-ink' : 'font-medium text-wine'}`}>
          <Truck className="size-4 shrink-0 text-gold" aria-hidden="true" /> {delivery.text}
        </p>
      )}
      <label className={optionClass}>
        <input type="radio" name="payment-method" value="online" className="mt-1 size-4 accent-wine" checked={method === 'online'} onChange={() => onChange('online')} />
        <span className="grid gap-0.5">
          <span className="flex items-center gap-2 font-medium">
            <CreditCard className="size-4 text-gold" aria-hidden="true" /> Pay online
          </span>
          <span className="text-sm text-muted">UPI, cards, netbanking and wallets, through Razorpay.</span>
        </span>
      </label>
      <label className={optionClass}>
        <input
          type="radio"
          name="payment-method"
          value="cod"
          className="mt-1 size-4 accent-wine"
          checked={method === 'cod'}
          disabled={!cod?.offered}
          aria-describedby="cod-why"
          onChange={() => onChange('cod')}
        />
        <span className="grid gap-0.5">
          <span className="flex items-center gap-2 font-medium">
            <Banknote className="size-4 text-gold" aria-hidden="true" /> Cash on Delivery
          </span>
          <span id="cod-why" className="text-sm text-muted">
            {!cod
              ? 'Choose a delivery address to see whether you can pay on delivery.'
              : cod.offered
                ? `${payOnDeliveryText(cod.total)}.${cod.fee > 0 ? ` Includes a ${formatInr(cod.fee)} Cash on Delivery fee.` : ''}`
                : cod.reason}
          </span>
        </span>
      </label>
      {cod?.reason === COD_VERIFY_EMAIL && <VerifyEmail email={email} />}
    </fieldset>
  );
}

function VerifyEmail({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await sendVerificationMail();
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="grid gap-2 rounded-xl bg-sand/50 p-4 text-sm" aria-live="polite">
      {state === 'sent' ? (
        <p>We sent a link to {email}. Open it, then come back to this page to pay on delivery.</p>
      ) : (
        <>
          <p>We send a link to {email}; opening it verifies your address.</p>
          <button type="button" className={`${secondaryButtonClass} justify-self-start`} disabled={state === 'sending'} onClick={() => void send()}>
            {state === 'sending' ? 'Sending...' : 'Send the verification link'}
          </button>
          {state === 'failed' && <p className="text-wine">We could not send it just now. Please try again in a minute.</p>}
        </>
      )}
    </div>
  );
}

/**
 * A Cash-on-Delivery refund offered both ways (issue 49): the shopper takes store credit at once,
 * or gives their UPI ID or bank account for a payout. The account is checked with the API's own
 * contract before it is sent, and goes to the payout service; the shop keeps only its masked form.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { problems } from '../../../shared/contract-kit.ts';
import { formatInr } from '../../../shared/money.ts';
import { payoutDestinationContract, type RefundChoice as Choice } from '../../../shared/payouts.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FormMessage, SubmitButton, TextField } from '../../components/form-field.tsx';
import { sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

type Kind = 'upi' | 'bank';

/** The choice sent; the order's requests are asked again however it ends (another tab may have chosen). Here, not in orders.api.ts: only this panel needs it, and the orders' API module is on every page. */
function useChooseRefund(orderId: string, requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: Choice) => sendJson<{ state: string }>('POST', `/api/orders/${orderId}/returns/${requestId}/refund-choice`, choice),
    onSettled: () => void client.invalidateQueries({ queryKey: [...queryKeys.orders('returns'), orderId] }),
  });
}

export function RefundChoice({ orderId, requestId, amount }: { orderId: string; requestId: string; amount: number }) {
  const choose = useChooseRefund(orderId, requestId);
  const [kind, setKind] = useState<Kind | null>(null);
  const [typed, setTyped] = useState({ upi: '', name: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof typed) => ({ value: typed[name], error: errors[name], onChange: (e: { target: { value: string } }) => setTyped({ ...typed, [name]: e.target.value }) });

  function send() {
    const to = kind === 'upi' ? { kind, upi: typed.upi } : { kind: 'bank' as const, name: typed.name, accountNumber: typed.accountNumber, confirmAccountNumber: typed.confirmAccountNumber, ifsc: typed.ifsc };
    const found = problems(payoutDestinationContract, to);
    setErrors(found);
    if (Object.keys(found).length === 0) choose.mutate({ way: 'payout', to: payoutDestinationContract.parse(to) });
  }

  return (
    <div className="grid gap-3 rounded-lg border border-line bg-white p-3">
      <p className="font-medium">How would you like your {formatInr(amount)} back?</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={choose.isPending} onClick={() => choose.mutate({ way: 'store_credit' })}>
          Store credit now
        </button>
        <button type="button" className={`${secondaryButtonClass} aria-pressed:bg-sand`} aria-pressed={kind === 'upi'} onClick={() => setKind('upi')}>
          To my UPI ID
        </button>
        <button type="button" className={`${secondaryButtonClass} aria-pressed:bg-sand`} aria-pressed={kind === 'bank'} onClick={() => setKind('bank')}>
          To my bank account
        </button>
      </div>
      {kind && (
        <form
          aria-label="Where we pay it"
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <p className="text-muted sm:col-span-2">
            {kind === 'upi' ? 'We pay it to this UPI ID.' : 'We pay it by IMPS to this account.'} We keep only its last characters.
          </p>
          {kind === 'upi' ? (
            <TextField label="UPI ID" autoComplete="off" inputMode="email" placeholder="name@okhdfcbank" {...field('upi')} />
          ) : (
            <>
              <TextField label="Account holder’s name" autoComplete="name" {...field('name')} />
              <TextField label="IFSC" autoComplete="off" placeholder="HDFC0001234" {...field('ifsc')} />
              <TextField label="Account number" autoComplete="off" inputMode="numeric" {...field('accountNumber')} />
              <TextField label="Account number again" autoComplete="off" inputMode="numeric" {...field('confirmAccountNumber')} />
            </>
          )}
          <div className="sm:col-span-2">
            <SubmitButton busy={choose.isPending} busyText="Sending...">
              Pay {formatInr(amount)} to this account
            </SubmitButton>
          </div>
        </form>
      )}
      {choose.isError && <FormMessage tone="error">{choose.error.message}</FormMessage>}
    </div>
  );
}

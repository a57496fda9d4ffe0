import * as Dialog from '@radix-ui/react-dialog';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { formatInr } from '../../../shared/money.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';

/**
 * The test mode's payment window (design.md Payments): where Razorpay's would open, this one says
 * plainly that no money moves. Paying asks our server for a payment signed with the local secret,
 * which the checkout then confirms exactly as it confirms Razorpay's.
 */
export function TestPaymentDialog({ start, onPay, onDismiss }: { start: CheckoutStart; onPay: () => Promise<void>; onDismiss: () => void }) {
  const [paying, setPaying] = useState(false);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !paying && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-ivory p-6 shadow-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
            <FlaskConical className="size-4" aria-hidden="true" /> Test mode
          </p>
          <Dialog.Title className="mt-3 font-display text-2xl font-semibold">Test payment</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            This shop has no payment keys yet, so no money will be taken. Paying here places order {start.orderNumber} as if the payment went through.
          </Dialog.Description>
          <dl className="mt-4 flex justify-between rounded-lg bg-white/80 px-4 py-3 text-sm ring-1 ring-line">
            <dt>Amount</dt>
            <dd className="font-semibold tabular-nums">{formatInr(start.amounts.total - start.creditUsed)}</dd>
          </dl>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Dialog.Close className={secondaryButtonClass} disabled={paying}>
              Cancel
            </Dialog.Close>
            <button
              type="button"
              className={buttonClass}
              disabled={paying}
              onClick={() => {
                setPaying(true);
                void onPay().finally(() => setPaying(false));
              }}
            >
              {paying ? 'Processing...' : `Pay ${formatInr(start.amounts.total - start.creditUsed)} (test)`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

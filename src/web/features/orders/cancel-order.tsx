import { useId, useState } from 'react';
import { CANCEL_REASONS, canCancel, type CancelOrderInput } from '../../../shared/cancel.ts';
import type { Order } from '../../../shared/orders.ts';
import { quietDangerButtonClass } from '../../components/buttons.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FieldError } from '../../components/form-field.tsx';
import { formatInr } from '../../../shared/money.ts';
import { cancelMoneyText } from '../../../shared/store-credit.ts';
import { useCancelOrder } from './orders.api.ts';

/** What happens to the money, said before the shopper says yes. */
function moneyNote(order: Order): string {
  if (order.paymentMethod === 'cod') return 'It is Cash on Delivery, so there is nothing to pay.';
  if (order.paymentStatus === 'paid') return `We refund ${cancelMoneyText(order.amounts.total - order.creditUsed, order.creditUsed, formatInr)}`;
  return 'It is not paid, so there is nothing to refund.';
}

/** 'Cancel order' on an order not yet shipped (issue 17): a question with the reasons, then the server's answer. */
export function CancelOrder({ order, shopperId }: { order: Order; shopperId: string }) {
  const id = useId();
  const cancel = useCancelOrder(shopperId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelOrderInput['reason'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!canCancel(order.status)) return null;

  const confirm = async () => {
    if (!reason) return setError('Please choose why you are cancelling.');
    try {
      await cancel.mutateAsync({ orderId: order.id, reason });
      setOpen(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <>
      <button type="button" className={quietDangerButtonClass} onClick={() => {
          setError(null);
          setOpen(true);
        }}>
        Cancel order
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel order ${order.orderNumber}?`}
        description={`Its pieces go back on sale. ${moneyNote(order)}`}
        keepLabel="Keep the order"
        confirmLabel="Cancel the order"
        busyLabel="Cancelling..."
        onConfirm={confirm}
      >
        <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Why are you cancelling?</legend>
          {CANCEL_REASONS.map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand/50">
              <input type="radio" name={`${id}-reason`} value={r} className="size-4 accent-wine" checked={reason === r} onChange={() => {
                  setReason(r);
                  setError(null);
                }} />
              {r}
            </label>
          ))}
          {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        </fieldset>
      </ConfirmDialog>
    </>
  );
}

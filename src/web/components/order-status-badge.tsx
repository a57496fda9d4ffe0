import { clsx } from 'clsx';
import { Ban, CircleCheck, Clock, PackageCheck, RefreshCw, Truck, Undo2, type LucideIcon } from 'lucide-react';
import { ORDER_STATUS_LABELS, shownStatus, type OrderStatus } from '../../shared/orders.ts';

/** Spec §2 Orders: a status styled per status; each pair keeps WCAG AA contrast on its tint. */
const LOOKS: Record<OrderStatus, { icon: LucideIcon; tone: string }> = {
  pending: { icon: Clock, tone: 'bg-amber-50 text-amber-900 ring-amber-300' },
  processing: { icon: RefreshCw, tone: 'bg-blue-50 text-blue-800 ring-blue-200' },
  shipped: { icon: Truck, tone: 'bg-indigo-50 text-indigo-800 ring-indigo-200' },
  delivered: { icon: PackageCheck, tone: 'bg-green-50 text-green-800 ring-green-200' },
  completed: { icon: CircleCheck, tone: 'bg-green-50 text-green-800 ring-green-200' },
  cancelled: { icon: Ban, tone: 'bg-red-50 text-red-800 ring-red-200' },
  failed: { icon: Ban, tone: 'bg-red-50 text-red-800 ring-red-200' },
  expired: { icon: Clock, tone: 'bg-stone-100 text-stone-700 ring-stone-300' },
  returned: { icon: Undo2, tone: 'bg-stone-100 text-stone-700 ring-stone-300' },
};

/** The order's status as a badge; a missing or unknown one shows as Pending (spec §4). */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const shown = shownStatus(status);
  const { icon: Icon, tone } = LOOKS[shown];
  return (
    <p className={clsx('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset', tone)}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">Status: </span>
      {ORDER_STATUS_LABELS[shown]}
    </p>
  );
}

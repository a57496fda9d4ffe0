import { ChevronDown, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useState } from 'react';
import type { AdminOrderRow } from '../../../shared/admin-orders.contract.ts';
import { formatInr } from '../../../shared/money.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/orders.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { OrderDetails } from './order-details.tsx';
import { useListParams } from './use-list-params.ts';
import { useAdminOrders } from './orders.api.ts';

// 'All' leaves out orders that expired unpaid; their own filter (or their number) finds them.
const FILTERS: (OrderStatus | '')[] = ['', 'processing', 'shipped', 'delivered', 'completed', 'pending', 'cancelled', 'failed', 'expired'];
const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Every order, newest first: by status, by order number or email; each opens to its details and next steps. */
export function OrdersList() {
  const { params, page, go, typed, search, settling, type } = useListParams({});
  const status = (FILTERS as string[]).includes(params.get('status') ?? '') ? (params.get('status') ?? '') : '';
  const orders = useAdminOrders({ status, search, page });
  const [open, setOpen] = useState<string | null>(null);

  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;
  return (
    <section aria-labelledby="orders-heading" className="grid gap-5">
      <div>
        <h1 id="orders-heading" className="font-display text-3xl font-semibold">
          Orders
        </h1>
        {orders.data && (
          <p className="text-sm text-muted" aria-live="polite">
            {orders.data.total.toLocaleString('en-IN')} {orders.data.total === 1 ? 'order' : 'orders'}
          </p>
        )}
      </div>
      <label className="relative block">
        <span className="sr-only">Find an order by its number or the shopper's email</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input type="search" value={typed} onChange={(e) => type(e.target.value)} placeholder="Order number or email" className={`${inputClass} pl-9`} />
      </label>
      <div role="group" aria-label="Show orders that are" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
        {FILTERS.map((f) => (
          <button
            key={f || 'all'}
            type="button"
            aria-pressed={status === f}
            onClick={() => go({ status: f, page: 1 })}
            className={`min-h-10 shrink-0 rounded-full px-4 text-sm ring-1 ${status === f ? 'bg-wine text-ivory ring-wine' : 'bg-white text-ink ring-line hover:ring-wine/50'}`}
          >
            {f ? ORDER_STATUS_LABELS[f] : 'All'}
          </button>
        ))}
      </div>

      {orders.isPending ? (
        <LoadingIndicator text="Loading orders..." />
      ) : orders.isError ? (
        <EmptyState title="We could not load the orders." action={<RetryButton onRetry={() => void orders.refetch()} />} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title="No orders here.">{search || status ? 'Try another status or search.' : 'Orders appear here as shoppers place them.'}</EmptyState>
      ) : (
        <ul aria-busy={orders.isPlaceholderData || settling || undefined} className={`grid gap-2 ${orders.isPlaceholderData ? 'opacity-60' : ''}`}>
          {orders.data.items.map((o) => (
            <OrderRow key={o.id} order={o} open={open === o.id} onToggle={() => setOpen(open === o.id ? null : o.id)} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            <ChevronLeft className="mr-1 size-4" aria-hidden="true" /> Newer
          </button>
          <span aria-current="page">
            Page {page} of {pages}
          </span>
          <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            Older <ChevronRight className="ml-1 size-4" aria-hidden="true" />
          </button>
        </nav>
      )}
    </section>
  );
}

function OrderRow({ order: o, open, onToggle }: { order: AdminOrderRow; open: boolean; onToggle: () => void }) {
  const panel = `order-${o.id}`;
  return (
    <li className="overflow-hidden rounded-xl border border-line bg-white/80">
      <button type="button" aria-expanded={open} aria-controls={panel} onClick={onToggle} className="grid w-full grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 p-3 text-left hover:bg-white sm:grid-cols-[9rem_1fr_auto_auto_1.5rem] sm:p-4">
        <span className="col-start-1 row-start-1 font-display text-xl font-semibold lining-nums">{o.orderNumber}</span>
        <span className="col-start-1 row-start-2 min-w-0 text-sm sm:col-start-2 sm:row-start-1">
          <span className="block truncate">{o.customerName}</span>
          <span className="block truncate text-xs text-muted">
            {o.customerEmail} · {when.format(new Date(o.createdAt))} · {o.pieces} {o.pieces === 1 ? 'piece' : 'pieces'}
            {o.paymentMethod === 'cod' && ' · Cash on Delivery'}
          </span>
        </span>
        <span className="col-start-2 row-start-1 text-right font-medium tabular-nums sm:col-start-3">{formatInr(o.total)}</span>
        <span className="col-start-2 row-start-2 justify-self-end sm:col-start-4 sm:row-start-1">
          <OrderStatusBadge status={o.status} />
        </span>
        <ChevronDown className={`hidden size-5 text-muted transition-transform sm:col-start-5 sm:row-start-1 sm:block ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      {open && (
        <div id={panel} className="border-t border-line/70 bg-ivory/60 p-3 sm:p-5">
          <OrderDetails id={o.id} />
        </div>
      )}
    </li>
  );
}

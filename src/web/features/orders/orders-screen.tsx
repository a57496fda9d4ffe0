import { Package } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Order } from '../../../shared/orders.ts';
import { BrowseProductsLink, EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { SignInFirst } from '../../components/sign-in-first.tsx';
import { STORE } from '../../../shared/store.ts';
import { CancelOrder } from './cancel-order.tsx';
import { OrderCard } from './order-card.tsx';
import { ReturnRequest } from './return-request.tsx';
import { useOrders } from './orders.api.ts';

/** Spec §2 Orders: the shopper's orders, newest first; signed out, 'Please log in to see your orders.'. */
/** `delivered`: what a delivered order offers besides a return (the route composes it: a review, issue 51). */
export function OrdersScreen({ delivered }: { delivered?: (order: Order, shopperId: string) => ReactNode }) {
  return (
    <SignInFirst loading="Loading your orders..." visitor={{ title: 'Your Orders', text: 'Please log in to see your orders.', action: 'Log in' }}>
      {({ shopper }) => <OwnOrders shopperId={shopper.id} delivered={delivered} />}
    </SignInFirst>
  );
}

function OwnOrders({ shopperId, delivered }: { shopperId: string; delivered?: (order: Order, shopperId: string) => ReactNode }) {
  const orders = useOrders(shopperId);

  if (orders.isPending) return <LoadingIndicator text="Loading your orders..." />;
  // A 401 is not shown here: the session lapses and SignInFirst sends the shopper to log in.
  if (orders.isError) return <EmptyState level={1} title="We could not load your orders." action={<RetryButton onRetry={() => void orders.refetch()} />} />;
  const items = orders.data;
  if (items.length === 0) {
    return (
      <EmptyState level={1} title="No orders found" action={<BrowseProductsLink />}>
        Start shopping to see your orders here
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex items-center gap-3">
        <Package className="size-7 text-gold" aria-hidden="true" />
        <h1 className="font-display text-4xl font-semibold">Your Orders</h1>
      </div>
      <p className="mt-1 text-muted">Every order you have placed, newest first.</p>
      <div className="mt-6 grid gap-5 sm:gap-6">
        {items.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            actions={<CancelOrder order={order} shopperId={shopperId} />}
            footer={
              order.status === 'delivered' || order.status === 'completed' ? (
                <div className="flex w-full flex-wrap gap-3">
                  <ReturnRequest orderId={order.id} />
                  {delivered?.(order, shopperId)}
                </div>
              ) : undefined
            }
          />
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-muted">
        Questions about an order? Write to{' '}
        <a href={`mailto:${STORE.email}`} className="font-medium text-wine underline underline-offset-4 hover:text-wine-dark">
          {STORE.email}
        </a>{' '}
        and quote its number.
      </p>
    </div>
  );
}

import { ShoppingBag } from 'lucide-react';
import { EmptyState, BrowseProductsLink, RetryButton } from '../../components/empty-state.tsx';
import { SignInFirst } from '../../components/sign-in-first.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { lineId, useCart, useCartOffers, useChangeLine, type LineChange } from './cart.api.ts';
import { CartLine } from './cart-line.tsx';
import { CartSummary } from './cart-summary.tsx';

/** Spec §2 Cart: the shopper's lines and the summary; signed out, 'Please log in to view your cart.'. */
export function CartScreen() {
  return (
    <SignInFirst loading="Loading your cart..." visitor={{ title: 'Your Cart', text: 'Please log in to view your cart.', action: 'Log in' }}>
      {({ shopper }) => <OwnCart shopperId={shopper.id} />}
    </SignInFirst>
  );
}

function OwnCart({ shopperId }: { shopperId: string }) {
  const cart = useCart(shopperId);
  const lines = useChangeLine(shopperId);
  const change = (line: LineChange) =>
    lines.change(line, (err) => void notify(err instanceof ApiError ? err.message : `Unexpected error: ${err.message}`, 'error'));
  const busyLine = lines.busyLine;
  // Offers and the code on the selection (issue 50): each line's share, and the summary's discount.
  const priced = useCartOffers(shopperId, cart.data?.items ?? []).data;
  const shareOf = (item: { productId: number; size: string; selected: boolean }) =>
    item.selected ? (priced?.lines.find((l) => l.productId === item.productId && l.size === item.size)?.discount ?? 0) : 0;

  if (cart.isPending) return <LoadingIndicator text="Loading your cart..." />;
  if (cart.isError) {
    return <EmptyState level={1} title="We could not load your cart." action={<RetryButton onRetry={() => void cart.refetch()} />} />;
  }
  const { items } = cart.data;
  if (items.length === 0) {
    return (
      <EmptyState level={1} title="Your cart is empty" action={<BrowseProductsLink />}>
        Sarees, kurtas and lehengas you add will wait for you here.
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex items-center gap-3">
        <ShoppingBag className="size-7 text-gold" aria-hidden="true" />
        <h1 className="font-display text-4xl font-semibold">Your Cart</h1>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <ul aria-label="Pieces in your cart" className="rounded-2xl border border-line bg-white/80 px-4 sm:px-5">
          {items.map((item) => (
            <CartLine key={lineId(item)} item={item} busy={busyLine === lineId(item)} discount={shareOf(item)} onChange={change} />
          ))}
        </ul>
        <CartSummary items={items} priced={priced} />
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import type { ProductSummary } from '../../../shared/catalog.ts';
import { BrowseProductsLink, EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { SignInFirst } from '../../components/sign-in-first.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useWishlist } from './wishlist.api.ts';

/**
 * Spec §2 Favorites. The grid is the catalog's and the back-in-stock requests (`after`) are their
 * own feature's, handed in by the route (features do not import each other). A piece unliked here leaves the grid at once: the list follows the session's likes.
 */
export function FavoritesScreen({ grid, after }: { grid: (products: ProductSummary[]) => ReactNode; after: (shopperId: string) => ReactNode }) {
  return (
    <SignInFirst
      loading="Loading your favorites..."
      visitor={{ title: 'Sign in to view your favorite products', text: 'Please log in to access your favorites.', action: 'Sign In' }}
    >
      {({ shopper, shelf }) => (
        <>
          <OwnFavorites shopperId={shopper.id} liked={shelf.likedProductIds} grid={grid} />
          <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6">{after(shopper.id)}</div>
        </>
      )}
    </SignInFirst>
  );
}

function OwnFavorites({ shopperId, liked, grid }: { shopperId: string; liked: number[]; grid: (products: ProductSummary[]) => ReactNode }) {
  const wishlist = useWishlist(shopperId);
  if (wishlist.isPending) return <LoadingIndicator text="Loading your favorites..." />;
  if (wishlist.isError) {
    return <EmptyState level={1} title="We could not load your favorites." action={<RetryButton onRetry={() => void wishlist.refetch()} />} />;
  }
  const products = wishlist.data.filter((p) => liked.includes(p.id));
  if (products.length === 0) {
    return (
      <EmptyState level={1} title="No favorites yet" action={<BrowseProductsLink />}>
        Start liking products to see them here!
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="font-display text-4xl font-semibold">My Favorites</h1>
      <p className="mt-1 text-muted">Your liked products and wishlist items</p>
      <div className="mt-6">{grid(products)}</div>
    </div>
  );
}

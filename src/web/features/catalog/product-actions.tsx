import { clsx } from 'clsx';
import { Heart, ShoppingBag, Zap } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductSummary } from '../../../shared/catalog.ts';
import { IN_A_CART } from '../../../shared/sizes.ts';
import { buyNowState } from '../../lib/buy-now.ts';
import { type LoginIntentAction, loginIntent } from '../../lib/login-intent.ts';
import { knownSession, useSession } from '../../lib/session.ts';
import { useShelf } from '../../lib/shelf.ts';

/**
 * Like, Add to Cart and Buy Now (spec §2, §4, §6). Signed in: the like toggles with its count, the
 * piece goes into the cart, Buy Now goes to /checkout with the product. A visitor gets a toast for
 * a like, and /login (keeping the intent, which completes after sign-in) for the cart and Buy Now.
 */
export function LikeButton({ product, size = 'sm' }: { product: ProductSummary; size?: 'sm' | 'lg' }) {
  const session = useSession();
  const shelf = useShelf();
  // The count follows the cached product (lib/shelf.ts gives every cached card the new count).
  const count = product.likeCount;
  const liked = session.status === 'signed-in' && session.shelf.likedProductIds.includes(product.id);
  return (
    <button
      type="button"
      onClick={() => void shelf.toggleLike(product)}
      aria-label={count > 0 ? `Like ${product.name} (${count} ${count === 1 ? 'like' : 'likes'})` : `Like ${product.name}`}
      aria-pressed={liked}
      className={clsx(
        'relative z-10 inline-flex items-center justify-center gap-1 rounded-full ring-1 transition-colors hover:text-wine hover:ring-wine',
        liked ? 'text-wine ring-wine/60' : 'text-muted ring-line',
        size === 'sm' ? 'h-9 min-w-9 bg-white/95 px-2 text-xs' : 'h-11 min-w-11 bg-white px-3 text-sm',
      )}
    >
      <Heart className={size === 'sm' ? 'size-4' : 'size-5'} fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
      {/* Spec §2: the count shows only above 0. */}
      {count > 0 && <span className="tabular-nums">{count}</span>}
    </button>
  );
}

/**
 * What Add to Cart and Buy Now do: for a shopper, the deed; for a visitor, /login carrying it. A
 * piece in sizes goes nowhere without one: `needSize` says so beside the picker instead.
 */
function useBuyActions(product: ProductSummary, size?: string, needSize?: () => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const shelf = useShelf();
  const [adding, setAdding] = useState(false);
  const act = async (action: LoginIntentAction) => {
    if (product.sized && size === undefined) {
      // A card has no picker: the product page has, at its sizes.
      if (!needSize) return void navigate(`/product/${product.id}#size`);
      return needSize();
    }
    const session = await knownSession(client);
    if (session.status !== 'signed-in') {
      return void navigate('/login', { state: { intent: loginIntent(action, product, location.pathname + location.search, size) } });
    }
    if (action === 'buyNow') return void navigate('/checkout', { state: buyNowState(product, size) });
    setAdding(true);
    await shelf.addToCart(product.id, size);
    setAdding(false);
  };
  return { adding, addToCart: () => void act('addToCart'), buyNow: () => void act('buyNow') };
}

const soldOutTitle = 'This piece is out of stock';

/** The card's pair: a quiet cart icon and a Buy Now button, above the card's link overlay. */
export function CardBuyButtons({ product }: { product: ProductSummary }) {
  const buy = useBuyActions(product);
  const soldOut = product.availability === 'Out of Stock';
  return (
    <div className="relative z-10 mt-2 flex gap-2">
      <button
        type="button"
        onClick={buy.addToCart}
        disabled={soldOut || buy.adding}
        aria-busy={buy.adding || undefined}
        title={soldOut ? soldOutTitle : product.sized ? 'Choose a size' : undefined}
        aria-label={product.sized ? `Add ${product.name} to cart: choose a size` : `Add ${product.name} to cart`}
        className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-wine ring-1 ring-wine/60 transition-colors hover:bg-wine hover:text-ivory disabled:cursor-not-allowed disabled:text-muted disabled:ring-line disabled:hover:bg-transparent"
      >
        <ShoppingBag className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={buy.buyNow}
        disabled={soldOut}
        // WCAG 2.5.3: the name starts with the words on the button.
        aria-label={`${soldOut ? 'Sold out' : 'Buy Now'}: ${product.name}`}
        className="h-9 flex-1 rounded-full bg-wine px-3 text-xs font-medium text-ivory transition-colors hover:bg-wine-dark disabled:cursor-not-allowed disabled:bg-line disabled:text-muted sm:text-sm"
      >
        {soldOut ? 'Sold out' : 'Buy Now'}
      </button>
    </div>
  );
}

/**
 * The product page's row: Buy Now, Add to Cart and the like button; a piece in sizes needs the
 * picker's size. `inCarts`: nothing is left but pieces held by unpaid orders (issue 53).
 */
export function ProductBuyButtons({ product, size, needSize, inCarts = false }: { product: ProductSummary; size?: string; needSize: () => void; inCarts?: boolean }) {
  const buy = useBuyActions(product, size, needSize);
  const soldOut = product.availability === 'Out of Stock';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={buy.buyNow}
        disabled={soldOut}
        className="inline-flex h-12 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-full bg-wine px-4 sm:px-6 font-medium text-ivory transition-colors hover:bg-wine-dark disabled:cursor-not-allowed disabled:bg-line disabled:text-muted sm:flex-none"
      >
        <Zap className="size-4" aria-hidden="true" /> {soldOut ? (inCarts ? IN_A_CART : 'Sold out') : 'Buy Now'}
      </button>
      <button
        type="button"
        onClick={buy.addToCart}
        disabled={soldOut || buy.adding}
        aria-busy={buy.adding || undefined}
        className="inline-flex h-12 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-full px-4 sm:px-6 font-medium text-wine ring-1 ring-wine transition-colors hover:bg-wine hover:text-ivory disabled:cursor-not-allowed disabled:text-muted disabled:ring-line disabled:hover:bg-transparent sm:flex-none"
      >
        <ShoppingBag className="size-4" aria-hidden="true" /> Add to Cart
      </button>
      <LikeButton product={product} size="lg" />
    </div>
  );
}

import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../shared/catalog.ts';
import { imageAtWidth, imageSrcSet } from '../../../shared/images.ts';
import { LaterImg } from '../../drawing/taken-over.tsx';
import { PriceLine } from '../../components/price-line.tsx';
import { CardBuyButtons, LikeButton } from './product-actions.tsx';

/** Two columns on phones, up to four on desktops. */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

export function ProductCard({
  product,
  eager = false,
  headingLevel = 2,
}: {
  product: ProductSummary;
  eager?: boolean;
  /** 2 under a screen's h1; 3 in a section with its own h2 (home). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Spec §2: the thumbnail, else the first image, else a placeholder icon.
  const picture = product.thumbnail ?? product.images[0];
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg bg-white shadow-[0_1px_2px_rgba(31,26,23,0.06)] ring-1 ring-line/70">
      <div className="relative aspect-[3/4] bg-sand">
        {picture ? (
          <LaterImg
            now={eager}
            src={imageAtWidth(picture, 480)}
            srcSet={imageSrcSet(picture)}
            sizes={CARD_SIZES}
            alt={product.name}
            width={480}
            height={640}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="grid size-full place-items-center text-muted" role="img" aria-label={`${product.name}: no picture yet`}>
            <ImageOff className="size-10" aria-hidden="true" />
          </div>
        )}
        {product.availability !== 'In Stock' && (
          <span className="absolute left-2 top-2 rounded-full bg-ivory/95 px-2 py-0.5 text-xs font-medium text-wine">
            {product.availability}
          </span>
        )}
        <div className="absolute right-2 top-2">
          <LikeButton product={product} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <Heading className="line-clamp-2 text-sm leading-snug text-ink sm:text-[0.95rem]">
          {/* The link's overlay covers the whole card, so a tap anywhere opens the product. */}
          <Link to={`/product/${product.id}`} className="after:absolute after:inset-0 after:content-[''] hover:text-wine">
            {product.name}
          </Link>
        </Heading>
        {product.rating !== null && <CardRating rating={product.rating} count={product.reviewCount} />}
        <div className="mt-auto">
          <PriceLine price={product.price} offerPrice={product.offerPrice} />
          <CardBuyButtons product={product} />
        </div>
      </div>
    </article>
  );
}

/** Buyers' stars on a card (issue 51), as Indian shops show them: "4.3 ★ (12)", said in words to a screen reader. */
function CardRating({ rating, count }: { rating: number; count: number }) {
  const stars = rating.toFixed(1);
  return (
    <p className="text-xs text-muted">
      <span aria-hidden="true">
        <span className="font-semibold text-ink">{stars}</span> <span className="text-gold">★</span> ({count})
      </span>
      <span className="sr-only">{`Rated ${stars} of 5 by ${count} buyer${count === 1 ? '' : 's'}`}</span>
    </p>
  );
}

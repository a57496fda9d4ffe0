import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProductPage } from '../../../shared/catalog.ts';
import { EmptyState, RetryButton, buttonClass } from '../../components/empty-state.tsx';
import { useTakenOver } from '../../drawing/taken-over.tsx';
import { productPagesQuery, useProductPages, type ProductList } from './catalog.api.ts';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';

export interface PagedGridTexts {
  /** Shown when a page fails: in place of the server's message, or when there is none. */
  failed: string;
  /** Spec §2: the home grid always says its own words; the product list shows the server's reason. */
  alwaysOwnMessage?: boolean;
  empty: ReactNode;
  emptyHint?: ReactNode;
  emptyAction?: ReactNode;
}

interface GridOptions {
  pageSize: number;
  texts: PagedGridTexts;
  /** The cards' heading level: 3 when the grid sits in a section with its own h2. */
  cardHeading?: 2 | 3;
  /**
   * A list screen drawn on the server: until the app has taken the page over, Load More is a link
   * to the same list showing one page more than `shown` (use-list-filters.ts, decision 0040).
   * Home's grid, drawn by the app, has none.
   */
  moreLink?: (shown: number) => string | null;
}

/**
 * A grid that pages with Load More (spec §4: another page only after a full one; 'Loading...'
 * while fetching), with skeletons first, and an empty and an error state that offer a way on.
 */
export function PagedProductGrid({ list, ...options }: GridOptions & { list: ProductList }) {
  return <ProductPagesView pages={useProductPages(productPagesQuery(list, options.pageSize))} {...options} />;
}

export type ProductPages = UseInfiniteQueryResult<InfiniteData<ProductPage>, Error>;

/** The same, for pages a screen already asked for with its own hook. */
export function ProductPagesView({ pages, pageSize, texts, cardHeading, moreLink }: GridOptions & { pages: ProductPages }) {
  const products = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const failure = (texts.alwaysOwnMessage ? '' : pages.error?.message) || texts.failed;
  const retry = <RetryButton onRetry={() => void pages.refetch()} />;

  if (pages.isPending) return <ProductGridSkeleton count={pageSize} />;
  if (pages.isError && products.length === 0) return <EmptyState title={failure} action={retry} />;
  if (products.length === 0) return <EmptyState title={texts.empty} action={texts.emptyAction}>{texts.emptyHint}</EmptyState>;
  return (
    <>
      <ProductGrid products={products} cardHeading={cardHeading} pageSize={pageSize} />
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-wine">
          {failure}
        </p>
      )}
      {pages.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <LoadMore pages={pages} moreLink={moreLink} />
        </div>
      )}
    </>
  );
}

/**
 * Spec §4's Load More. On a list drawn on the server, and until the app has taken the page over,
 * a link to the same address with one page more, which the server draws (a tap before the app's
 * code has come, or without script, is not lost); then the button that adds the page in place.
 */
function LoadMore({ pages, moreLink }: { pages: ProductPages; moreLink: GridOptions['moreLink'] }) {
  const takenOver = useTakenOver();
  if (moreLink && !takenOver) {
    const href = moreLink(pages.data?.pages.length ?? 1);
    return href ? (
      <a href={href} className={buttonClass}>
        Load More
      </a>
    ) : null;
  }
  return (
    <button type="button" className={buttonClass} onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
      {pages.isFetchingNextPage ? 'Loading...' : 'Load More'}
    </button>
  );
}

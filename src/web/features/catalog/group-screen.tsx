import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCTS_PAGE_SIZE, type FilteredPage } from '../../../shared/catalog.ts';
import { pageTitle } from '../../../shared/page-titles.ts';
import { GROUP_NOT_FOUND, groupHead, type HeadGroup } from '../../../shared/group-head.ts';
import type { GroupKind } from '../../../shared/routes.ts';
import { EmptyState, RetryButton, buttonClass } from '../../components/empty-state.tsx';
import type { RouteHandle } from '../../drawing/route-head.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { categoriesQuery, collectionsQuery, type CategoryPage, type CollectionPage } from './groups.api.ts';
import { ListingHeader, pieces } from './listing-header.tsx';
import { ProductPagesView } from './paged-product-grid.tsx';
import { ProductGridSkeleton } from './product-grid.tsx';
import { FilteredListing } from './filtered-listing.tsx';
import { useMoreLink, type ListFiltersState } from './use-list-filters.ts';

/** What a category or a collection page shows above its products. */
export interface GroupHeading {
  name: string;
  description: string | null;
  productCount: number;
}

const NOUN = {
  category: { one: 'category', all: 'Categories', path: '/categories', notFound: GROUP_NOT_FOUND.category },
  collection: { one: 'collection', all: 'Collections', path: '/collections', notFound: GROUP_NOT_FOUND.collection },
};

/**
 * A category's or collection's head (its route's `handle`): the group as the screen names it,
 * from the list its loader read, else from the first page of its products; made by the same
 * function that heads the page sent undrawn (shared/group-head.ts).
 */
export const groupRouteHead =
  (kind: GroupKind): NonNullable<RouteHandle['head']> =>
  ({ client, params, missing, shopDescription }) => {
    const slug = params.slug ?? '';
    type Listed = HeadGroup & { slug: string };
    const listed = client.getQueryData<Listed[]>((kind === 'category' ? categoriesQuery() : collectionsQuery()).queryKey);
    const first = client.getQueriesData<InfiniteData<Partial<CategoryPage & CollectionPage>>>({ queryKey: queryKeys.groupPages(kind, slug) })[0]?.[1]?.pages[0];
    const group = missing ? undefined : (listed?.find((g) => g.slug === slug) ?? first?.[kind]);
    return groupHead(kind, group ?? null, shopDescription);
  };

export function GroupNotFound({ kind }: { kind: keyof typeof NOUN }) {
  const noun = NOUN[kind];
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="font-display text-6xl font-semibold text-gold">404</p>
      <h1 className="font-display text-3xl font-semibold">{noun.notFound}</h1>
      <p className="text-muted">We could not find that {noun.one}. It may have been renamed or retired; the rest of the shop is still here.</p>
      <Link to={noun.path} className={buttonClass}>
        {`All ${noun.all}`}
      </Link>
      <Link to="/products" className="text-sm font-medium text-wine underline-offset-4 hover:underline">
        Browse Products
      </Link>
    </div>
  );
}

/** The page's heading and the group's name come from the group list; they wait for it in place. */
function HeadingSkeleton() {
  return (
    <div className="mb-8 border-b border-line pb-6 sm:mb-10" aria-hidden="true">
      <div className="h-3 w-24 animate-pulse rounded bg-sand" />
      <div className="mt-3 h-9 w-64 max-w-full animate-pulse rounded bg-sand sm:h-12" />
      <div className="mt-4 h-4 w-96 max-w-full animate-pulse rounded bg-sand" />
    </div>
  );
}

/**
 * A category's or collection's page: a breadcrumb back to the index, the group's name,
 * description and count, then its products 12 at a time with Load More, and their filters.
 */
export function GroupScreen({
  kind,
  group,
  missing,
  failed,
  retry,
  pages,
  filters,
  countsPath,
  trail,
  aside,
  children,
}: {
  kind: keyof typeof NOUN;
  group: GroupHeading | undefined;
  /** The group list has loaded and no group has this slug. */
  missing: boolean;
  /** Neither the group list nor the products could be loaded. */
  failed: Error | null;
  retry: () => void;
  pages: UseInfiniteQueryResult<InfiniteData<FilteredPage>, Error>;
  /** The address's filters, and the group's list in the API for the counts of choices not yet applied. */
  filters: ListFiltersState;
  countsPath: string;
  /** Breadcrumb links after the index's own, such as a category's parent. */
  trail?: { to: string; label: string }[];
  aside?: ReactNode;
  /** Shown under the heading, such as a category's sub-categories. */
  children?: ReactNode;
}) {
  const noun = NOUN[kind];
  const moreLink = useMoreLink();
  useDocumentTitle(missing ? pageTitle(noun.notFound) : group ? pageTitle(group.name) : undefined);
  if (missing) return <GroupNotFound kind={kind} />;
  const crumbs = [{ to: noun.path, label: noun.all }, ...(trail ?? [])];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      {group ? (
        <ListingHeader
          kicker={
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap gap-x-2">
                {crumbs.map((c, i) => (
                  <li key={c.to} className="flex gap-x-2">
                    {i > 0 && <span aria-hidden="true">/</span>}
                    <Link to={c.to} className="underline-offset-4 hover:text-wine hover:underline">
                      {c.label}
                    </Link>
                  </li>
                ))}
              </ol>
            </nav>
          }
          title={group.name}
          aside={aside}
        >
          {group.description && <p>{group.description}</p>}
          <p className="mt-2 text-xs font-medium uppercase tracking-[0.15em] text-gold">{pieces(group.productCount)}</p>
        </ListingHeader>
      ) : failed ? null : (
        <HeadingSkeleton />
      )}
      {children}
      {failed && !group ? (
        <EmptyState
          title={failed.message || 'Failed to fetch products.'}
          action={<RetryButton onRetry={retry} />}
        />
      ) : group ? (
        <FilteredListing state={filters} answer={pages.data?.pages[0]} countsPath={countsPath} ownOrder="newest" total="when-filtered" stale={pages.isPlaceholderData}>
        <ProductPagesView
          pages={pages}
          pageSize={PRODUCTS_PAGE_SIZE}
          moreLink={moreLink}
          texts={{
            failed: 'Failed to fetch products.',
            empty: 'No products found',
            emptyHint: `Nothing in ${group.name} just now. Try again later, or look around the rest of the shop.`,
            emptyAction: (
              <Link to={noun.path} className={buttonClass}>
                {`All ${noun.all}`}
              </Link>
            ),
          }}
        />
        </FilteredListing>
      ) : (
        <ProductGridSkeleton count={PRODUCTS_PAGE_SIZE} />
      )}
    </div>
  );
}

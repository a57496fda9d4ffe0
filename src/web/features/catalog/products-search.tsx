import { Link } from 'react-router';
import { SEARCH_RESULTS_LIMIT } from '../../../shared/catalog.ts';
import { isFiltered } from '../../../shared/filters.ts';
import { searchPath, useProductSearch } from './list-queries.ts';
import { EmptyState, buttonClass } from '../../components/empty-state.tsx';
import { FilteredListing } from './filtered-listing.tsx';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';
import { useListFilters } from './use-list-filters.ts';

export function ProductsSearch({ term }: { term: string }) {
  const state = useListFilters();
  const search = useProductSearch(term, state.address);
  // Results for an earlier term or choice stay on screen (dimmed) until the new ones arrive.
  const stale = search.isPlaceholderData;
  const found = search.data;
  // Nothing matches the term itself: the spec's empty search, with no filters to offer.
  const noMatch = search.isError || (found?.total === 0 && !isFiltered(state.filters));

  return (
    <section aria-labelledby="products-heading">
      <header className="mb-6 sm:mb-8">
        <h1 id="products-heading" className="font-display text-3xl font-semibold sm:text-4xl">
          Search Results for <span className="text-wine">“{term}”</span>
        </h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {search.isFetching || !found ? 'Searching...' : `${found.total} product(s) found`}
        </p>
      </header>

      {search.isPending ? (
        <ProductGridSkeleton count={8} />
      ) : noMatch ? (
        // design.md / spec §8: a failed search shows the empty result, and the failure goes to the log.
        <EmptyState
          title={<>No products found for “{term}”</>}
          action={
            <Link to="/products" className={buttonClass}>
              Browse all products
            </Link>
          }
        >
          Try searching with different keywords or browse our collections.
        </EmptyState>
      ) : (
        <FilteredListing state={state} answer={found} countsPath={searchPath(term)} ownOrder="relevance" total="never" stale={stale}>
          <ProductGrid products={found!.items} />
          {found!.total > SEARCH_RESULTS_LIMIT && (
            <p className="mt-8 text-center text-muted">
              Showing the best {SEARCH_RESULTS_LIMIT} of {found!.total}. Add a colour, fabric or occasion to narrow your search.
            </p>
          )}
        </FilteredListing>
      )}
    </section>
  );
}

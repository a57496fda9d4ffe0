import { Link } from 'react-router';
import { EmptyState, buttonClass } from '../components/empty-state.tsx';
import { GroupCollections, GroupCollectionsSkeleton } from '../features/catalog/group-collections.tsx';
import { useCollections } from '../features/catalog/groups.api.ts';
import { ListingHeader } from '../features/catalog/listing-header.tsx';

/** /collections (spec §2, design.md): each collection's poster, name and count, opening its products. */
export function Component() {
  const collections = useCollections();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker="Curated edits" title="Collections">
        Edits for the festival calendar, the wedding season, hot summer days and every day in between.
      </ListingHeader>
      {collections.isPending ? (
        <GroupCollectionsSkeleton />
      ) : collections.isError ? (
        <EmptyState
          title={collections.error.message || 'Failed to load collections.'}
          action={
            <button type="button" className={buttonClass} onClick={() => void collections.refetch()}>
              Try again
            </button>
          }
        />
      ) : collections.data.length === 0 ? (
        <EmptyState
          title="No collections yet"
          action={
            <Link to="/products" className={buttonClass}>
              Browse Products
            </Link>
          }
        >
          Our next edit is on its way. Try again later.
        </EmptyState>
      ) : (
        <GroupCollections collections={collections.data} />
      )}
    </div>
  );
}

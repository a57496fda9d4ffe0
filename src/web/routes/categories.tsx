import { Link } from 'react-router';
import { EmptyState, buttonClass } from '../components/empty-state.tsx';
import { GroupCategories, GroupCategoriesSkeleton } from '../features/catalog/group-categories.tsx';
import { useCategories } from '../features/catalog/groups.api.ts';
import { ListingHeader } from '../features/catalog/listing-header.tsx';

/** /categories (spec §2, design.md): every category with its count, each opening its products. */
export function Component() {
  const categories = useCategories();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker="Shop by category" title="Categories">
        Sarees by weave and occasion, and clothing from everyday kurtas to festive lehengas.
      </ListingHeader>
      {categories.isPending ? (
        <GroupCategoriesSkeleton />
      ) : categories.isError ? (
        <EmptyState
          title={categories.error.message || 'Failed to load categories.'}
          action={
            <button type="button" className={buttonClass} onClick={() => void categories.refetch()}>
              Try again
            </button>
          }
        />
      ) : categories.data.length === 0 ? (
        <EmptyState
          title="No categories yet"
          action={
            <Link to="/products" className={buttonClass}>
              Browse Products
            </Link>
          }
        >
          Our shelves are being arranged. Try again later.
        </EmptyState>
      ) : (
        <GroupCategories categories={categories.data} />
      )}
    </div>
  );
}

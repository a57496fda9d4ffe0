import { GroupCategories, GroupCategoriesSkeleton } from '../features/catalog/group-categories.tsx';
import { GroupIndexStates } from '../features/catalog/group-index-states.tsx';
import { categoriesQuery, useCategories } from '../features/catalog/groups.api.ts';
import { ListingHeader } from '../features/catalog/listing-header.tsx';
import { preloading } from '../drawing/route-data.ts';

/** /categories (spec §2, design.md): every category with its count, each opening its products. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker="Shop by category" title="Categories">
        Sarees by weave and occasion, and clothing from everyday kurtas to festive lehengas.
      </ListingHeader>
      <GroupIndexStates
        query={useCategories()}
        skeleton={<GroupCategoriesSkeleton />}
        failed="Failed to load categories."
        empty="No categories yet"
        emptyHint="Our shelves are being arranged. Try again later."
      >
        {(categories) => <GroupCategories categories={categories} />}
      </GroupIndexStates>
    </div>
  );
}

export const loader = preloading((client) => client.fetchQuery(categoriesQuery()));

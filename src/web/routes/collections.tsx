import { GroupCollections, GroupCollectionsSkeleton } from '../features/catalog/group-collections.tsx';
import { GroupIndexStates } from '../features/catalog/group-index-states.tsx';
import { collectionsQuery, useCollections } from '../features/catalog/groups.api.ts';
import { ListingHeader } from '../features/catalog/listing-header.tsx';
import { preloading } from '../drawing/route-data.ts';

/** /collections (spec §2, design.md): each collection's poster, name and count, opening its products. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker="Curated edits" title="Collections">
        Edits for the festival calendar, the wedding season, hot summer days and every day in between.
      </ListingHeader>
      <GroupIndexStates
        query={useCollections()}
        skeleton={<GroupCollectionsSkeleton />}
        failed="Failed to load collections."
        empty="No collections yet"
        emptyHint="Our next edit is on its way. Try again later."
      >
        {(collections) => <GroupCollections collections={collections} />}
      </GroupIndexStates>
    </div>
  );
}

export const loader = preloading((client) => client.fetchQuery(collectionsQuery()));

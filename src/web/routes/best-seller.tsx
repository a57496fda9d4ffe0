import { ListingScreen } from '../features/catalog/listing-screen.tsx';
import { filteredPagesQuery } from '../features/catalog/list-queries.ts';
import { filtersOfUrl, shownIn } from '../features/catalog/use-list-filters.ts';
import { preloading } from '../drawing/route-data.ts';

/** /best-seller (spec §2): design.md's ranking, the owner's picks and the most loved first. */
export function Component() {
  return (
    <ListingScreen
      kicker="Most loved"
      title="Best Seller"
      intro="The pieces our shoppers like and order most, with a few of our own favourites from the looms."
      list="best-sellers"
    />
  );
}

export const loader = preloading((client, { request }) => client.fetchInfiniteQuery(shownIn(filteredPagesQuery('best-sellers', filtersOfUrl(request.url)), request.url)));

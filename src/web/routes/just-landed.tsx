import { BrowseProductsLink } from '../components/empty-state.tsx';
import { ListingScreen } from '../features/catalog/listing-screen.tsx';
import { filteredPagesQuery } from '../features/catalog/list-queries.ts';
import { filtersOfUrl, shownIn } from '../features/catalog/use-list-filters.ts';
import { preloading } from '../drawing/route-data.ts';

/** /just-landed (spec §2): the newest pieces first, as the product list orders them. */
export function Component() {
  return (
    <ListingScreen
      kicker="Fresh from the looms"
      title="Just Landed"
      intro="New sarees, kurtas and lehengas, newest first. Good pieces go quickly; this is where they arrive."
      list="newest"
      emptyAction={<BrowseProductsLink to="/collections" label="See our collections" />}
    />
  );
}

export const loader = preloading((client, { request }) => client.fetchInfiniteQuery(shownIn(filteredPagesQuery('newest', filtersOfUrl(request.url)), request.url)));

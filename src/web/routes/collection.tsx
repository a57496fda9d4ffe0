import { useParams } from 'react-router';
import { CollectionPoster } from '../features/catalog/group-collections.tsx';
import { GroupScreen, groupRouteHead } from '../features/catalog/group-screen.tsx';
import { useFilteredPages } from '../features/catalog/list-queries.ts';
import { collectionPagesQuery, collectionsQuery, groupApiPath, useCollections } from '../features/catalog/groups.api.ts';
import { filtersOfUrl, useListFilters, shownIn } from '../features/catalog/use-list-filters.ts';
import { orMissing, preloading, useFoundMissing } from '../drawing/route-data.ts';
import type { RouteHandle } from '../drawing/route-head.ts';

/** /collections/{slug} (design.md): the collection's poster and products, 12 at a time. */
export function Component() {
  const { slug = '' } = useParams();
  const collections = useCollections();
  // Found missing by the server: the browser asks no more (it would only hear the same 404).
  const foundMissing = useFoundMissing();
  const filters = useListFilters();
  const pages = useFilteredPages(collectionPagesQuery(slug, filters.address), !foundMissing);
  // The list (often cached from /collections) names the collection at once and decides whether it
  // exists; the products' own answer names it too, should the list fail.
  const collection = collections.data?.find((c) => c.slug === slug) ?? pages.data?.pages[0]?.collection;
  return (
    <GroupScreen
      kind="collection"
      group={collection}
      missing={foundMissing || (collections.isSuccess && !collection)}
      failed={collections.isError && pages.isError ? pages.error : null}
      retry={() => void Promise.all([collections.refetch(), pages.refetch()])}
      pages={pages}
      filters={filters}
      countsPath={groupApiPath('collection', slug)}
      aside={
        collection?.poster && (
          <div className="relative mt-1 aspect-[3/4] w-16 shrink-0 overflow-hidden rounded-md bg-sand ring-1 ring-line sm:mt-0 sm:w-28">
            <CollectionPoster poster={collection.poster} eager sizes="112px" />
          </div>
        )
      }
    />
  );
}

/** Drawn on the server with the collection and its first products; an unknown one is a 404, its not-found drawn. */
export const loader = preloading((client, { params, request }) =>
  Promise.all([client.fetchQuery(collectionsQuery()), orMissing(client.fetchInfiniteQuery(shownIn(collectionPagesQuery(params.slug ?? '', filtersOfUrl(request.url)), request.url)))]).then(([, first]) => first),
);

/** Its head, from the collection its loader read. */
export const handle: RouteHandle = { head: groupRouteHead('collection') };

import { useParams } from 'react-router';
import { CollectionPoster } from '../features/catalog/group-collections.tsx';
import { GroupScreen } from '../features/catalog/group-screen.tsx';
import { collectionPagesQuery, collectionsQuery, useCollectionPages, useCollections } from '../features/catalog/groups.api.ts';
import { preloading } from '../lib/route-data.ts';

/** /collections/{slug} (design.md): the collection's poster and products, 12 at a time. */
export function Component() {
  const { slug = '' } = useParams();
  const collections = useCollections();
  const pages = useCollectionPages(slug);
  // The list (often cached from /collections) names the collection at once and decides whether it
  // exists; the products' own answer names it too, should the list fail.
  const collection = collections.data?.find((c) => c.slug === slug) ?? pages.data?.pages[0]?.collection;
  return (
    <GroupScreen
      kind="collection"
      group={collection}
      missing={collections.isSuccess && !collection}
      failed={collections.isError && pages.isError ? pages.error : null}
      retry={() => void Promise.all([collections.refetch(), pages.refetch()])}
      pages={pages}
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

export const loader = preloading((client, { params }) =>
  Promise.all([client.fetchQuery(collectionsQuery()), client.fetchInfiniteQuery(collectionPagesQuery(params.slug ?? ''))]),
);

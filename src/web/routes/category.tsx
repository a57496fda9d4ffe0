import { Link, useParams } from 'react-router';
import { groupPath } from '../../shared/routes.ts';
import { GroupScreen, groupRouteHead } from '../features/catalog/group-screen.tsx';
import { useFilteredPages } from '../features/catalog/list-queries.ts';
import { categoriesQuery, categoryPagesQuery, groupApiPath, useCategories } from '../features/catalog/groups.api.ts';
import { filtersOfUrl, useListFilters, shownIn } from '../features/catalog/use-list-filters.ts';
import { orMissing, preloading, useFoundMissing } from '../drawing/route-data.ts';
import type { RouteHandle } from '../drawing/route-head.ts';

/** /categories/{slug} (design.md): the category's products, 12 at a time. */
export function Component() {
  const { slug = '' } = useParams();
  const categories = useCategories();
  // Found missing by the server: the browser asks no more (it would only hear the same 404).
  const foundMissing = useFoundMissing();
  const filters = useListFilters();
  const pages = useFilteredPages(categoryPagesQuery(slug, filters.address), !foundMissing);
  // The list (often cached from /categories) names the category at once and decides whether it
  // exists; the products' own answer names it too, should the list fail.
  const category = categories.data?.find((c) => c.slug === slug) ?? pages.data?.pages[0]?.category;
  const parent = category?.parentSlug ? categories.data?.find((c) => c.slug === category.parentSlug) : undefined;
  const subcategories = categories.data?.filter((c) => c.parentSlug === slug) ?? [];
  return (
    <GroupScreen
      kind="category"
      group={category}
      missing={foundMissing || (categories.isSuccess && !category)}
      failed={categories.isError && pages.isError ? pages.error : null}
      retry={() => void Promise.all([categories.refetch(), pages.refetch()])}
      pages={pages}
      filters={filters}
      countsPath={groupApiPath('category', slug)}
      trail={parent ? [{ to: groupPath('category', parent.slug), label: parent.name }] : []}
    >
      {subcategories.length > 0 && (
        <ul aria-label={`Inside ${category?.name ?? 'this category'}`} className="-mt-4 mb-8 flex flex-wrap gap-2 sm:-mt-6 sm:mb-10">
          {subcategories.map((c) => (
            <li key={c.slug}>
              <Link
                to={groupPath('category', c.slug)}
                className="inline-flex min-h-10 items-center rounded-full bg-white px-4 text-sm text-ink ring-1 ring-line transition-colors hover:text-wine hover:ring-wine"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </GroupScreen>
  );
}

/** Drawn on the server with the category and its first products; an unknown one is a 404, its not-found drawn. */
export const loader = preloading((client, { params, request }) =>
  Promise.all([client.fetchQuery(categoriesQuery()), orMissing(client.fetchInfiniteQuery(shownIn(categoryPagesQuery(params.slug ?? '', filtersOfUrl(request.url)), request.url)))]).then(([, first]) => first),
);

/** Its head, from the category its loader read. */
export const handle: RouteHandle = { head: groupRouteHead('category') };

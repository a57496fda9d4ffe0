import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Category } from '../../../shared/catalog.ts';
import { groupPath } from '../../../shared/routes.ts';
import { pieces } from './listing-header.tsx';

/** The top of a category's family tree; a missing parent makes a category a top one itself. */
function rootOf(c: Category, bySlug: Map<string, Category>): Category {
  let root = c;
  // The guard stops a parent loop an owner's edit might make.
  for (let i = 0; i < 10 && root.parentSlug && bySlug.has(root.parentSlug); i++) root = bySlug.get(root.parentSlug)!;
  return root;
}

const tile = 'group flex h-full flex-col rounded-lg p-4 ring-1 transition-colors sm:p-6';

function CategoryTile({ category, lead = false }: { category: Category; lead?: boolean }) {
  return (
    <Link
      to={groupPath('category', category.slug)}
      className={lead ? `${tile} bg-wine text-ivory ring-wine hover:bg-wine-dark` : `${tile} bg-white ring-line/70 hover:ring-wine`}
    >
      <span className="flex items-center justify-between gap-3 font-display text-2xl font-semibold">
        {lead ? `All ${category.name}` : category.name}
        <ArrowRight className="size-5 shrink-0 transition-transform group-hover:translate-x-1" aria-hidden="true" />
      </span>
      {category.description && (
        // On phones only the lead tile keeps its words, so eleven tiles stay a short scroll.
        <span className={`mt-2 text-sm leading-relaxed ${lead ? 'line-clamp-2 text-ivory/90' : 'hidden text-muted sm:line-clamp-2'}`}>
          {category.description}
        </span>
      )}
      <span className={`mt-auto pt-2 text-xs sm:pt-4 font-medium uppercase tracking-[0.15em] ${lead ? 'text-ivory/80' : 'text-gold'}`}>
        {pieces(category.productCount)}
      </span>
    </Link>
  );
}

/** Categories in families: each top category leads, its sub-categories follow. */
export function GroupCategories({ categories }: { categories: Category[] }) {
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const families = new Map<string, Category[]>();
  for (const c of categories) {
    const root = rootOf(c, bySlug);
    if (root !== c) families.set(root.slug, [...(families.get(root.slug) ?? []), c]);
    else if (!families.has(c.slug)) families.set(c.slug, []);
  }
  return (
    <div className="grid gap-12 sm:gap-16">
      {[...families].map(([slug, members]) => {
        const root = bySlug.get(slug)!;
        return (
          <section key={slug} aria-labelledby={`family-${slug}`}>
            <h2 id={`family-${slug}`} className="mb-4 font-display text-2xl font-semibold sm:text-3xl">
              {root.name}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
              <li>
                <CategoryTile category={root} lead />
              </li>
              {members.map((c) => (
                <li key={c.slug}>
                  <CategoryTile category={c} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Tiles in their final layout while the categories load. */
export function GroupCategoriesSkeleton() {
  return (
    <div role="status" aria-label="Loading categories" className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-40 animate-pulse rounded-lg bg-sand" aria-hidden="true" />
      ))}
    </div>
  );
}

import { Link } from 'react-router';
import type { Collection } from '../../../shared/catalog.ts';
import { POSTER_WIDTHS, imageAtWidth, imageSrcSet } from '../../../shared/images.ts';
import { groupPath } from '../../../shared/routes.ts';
import { pieces } from './listing-header.tsx';
import { LaterImg } from '../../drawing/taken-over.tsx';

const GRID = 'grid grid-cols-2 gap-x-3 gap-y-8 sm:grid-cols-3 sm:gap-x-5 lg:grid-cols-5';
/** The widest grid's row (lg:grid-cols-5). */
const FIRST_ROW = 5;
const POSTER_SIZES = '(min-width: 1280px) 240px, (min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw';

/**
 * A collection's poster in a reserved 3:4 box. The posters carry no words, so they are decoration
 * beside the collection's name (alt="").
 */
export function CollectionPoster({ poster, eager = false, now = eager, sizes = POSTER_SIZES }: { poster: string | null; eager?: boolean; now?: boolean; sizes?: string }) {
  if (!poster) return <div className="size-full bg-gradient-to-br from-sand to-line" aria-hidden="true" />;
  return (
    <LaterImg
      now={now}
      src={imageAtWidth(poster, POSTER_WIDTHS[0])}
      srcSet={imageSrcSet(poster, POSTER_WIDTHS)}
      sizes={sizes}
      alt=""
      width={480}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.04]"
    />
  );
}

function CollectionCard({ collection, eager, now }: { collection: Collection; eager: boolean; now: boolean }) {
  return (
    <article className="group relative flex h-full flex-col">
      <div className="relative aspect-[3/4] overflow-hidden rounded-lg bg-sand ring-1 ring-line/70">
        <CollectionPoster poster={collection.poster} eager={eager} now={now} />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 via-ink/55 to-transparent p-3 pt-16 sm:p-4 sm:pt-20">
          <h2 className="font-display text-xl leading-tight font-semibold text-ivory sm:text-2xl">
            {/* The link's overlay covers the whole card, so a tap anywhere opens the collection. */}
            <Link to={groupPath('collection', collection.slug)} className="after:absolute after:inset-0 after:content-['']">
              {collection.name}
            </Link>
          </h2>
          <p className="mt-1 text-xs font-medium tracking-[0.15em] text-ivory/90 uppercase">{pieces(collection.productCount)}</p>
        </div>
      </div>
      {collection.description && <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted">{collection.description}</p>}
    </article>
  );
}

export function GroupCollections({ collections }: { collections: Collection[] }) {
  return (
    <ul className={GRID}>
      {collections.map((c, i) => (
        <li key={c.slug}>
          {/* The widest grid's first row is named at once (LaterImg); a phone's first two load first. */}
          <CollectionCard collection={c} eager={i < 2} now={i < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}

/** Posters' boxes in their final layout while the collections load. */
export function GroupCollectionsSkeleton() {
  return (
    <div role="status" aria-label="Loading collections" className={GRID}>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} aria-hidden="true">
          <div className="aspect-[3/4] animate-pulse rounded-lg bg-sand" />
          <div className="mt-3 h-4 w-4/5 animate-pulse rounded bg-sand" />
        </div>
      ))}
    </div>
  );
}

import { ChevronLeft, ChevronRight, ImageOff, Plus, Search } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_SORTS, STOCK_FILTERS, type AdminProductRow, type AdminSort, type StockFilter } from '../../../shared/admin-product.contract.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { AdjustStockDialog } from './adjust-stock-dialog.tsx';
import { imageAtWidth } from '../../../shared/images.ts';
import { formatInrShort } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass, EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useListParams } from './use-list-params.ts';
import { useAdminProducts } from './products.api.ts';

const SORT_LABELS: Record<AdminSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A to Z',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  updated: 'Recently edited',
};

const STOCK_FILTER_LABELS: Record<StockFilter, string> = { all: 'All', low: 'Running low', out: 'Sold out (a size or all)' };

/** The owner's table of every product, hidden ones too: search, sort and pages live in the URL. */
export function ProductsTable() {
  const { params, page, go, typed, search, settling, type } = useListParams({ sort: 'newest', stock: 'all' });
  const sort = (ADMIN_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as AdminSort) : 'newest';
  const stock = (STOCK_FILTERS as readonly string[]).includes(params.get('stock') ?? '') ? (params.get('stock') as StockFilter) : 'all';
  const products = useAdminProducts({ search, page, sort, stock });

  const pages = products.data ? Math.max(1, Math.ceil(products.data.total / products.data.pageSize)) : 1;
  return (
    <section aria-labelledby="products-heading" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="products-heading" className="font-display text-3xl font-semibold">
            Products
          </h1>
          {products.data && (
            <p className="text-sm text-muted" aria-live="polite">
              {products.data.total.toLocaleString('en-IN')} {products.data.total === 1 ? 'product' : 'products'}
              {search && <> matching “{search}”</>}
            </p>
          )}
        </div>
        <Link to="/admin/products/new" className={buttonClass}>
          <Plus className="mr-1 size-4" aria-hidden="true" /> New product
        </Link>
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <label className="relative block">
          <span className="sr-only">Search products by name or id</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <input type="search" value={typed} onChange={(e) => type(e.target.value)} placeholder="Search by name or id" className={`${inputClass} pl-9`} />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="shrink-0 text-muted">Sort</span>
          <select value={sort} onChange={(e) => go({ sort: e.target.value, page: 1 })} className={inputClass}>
            {ADMIN_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="shrink-0 text-muted">Stock</span>
          <select value={stock} onChange={(e) => go({ stock: e.target.value, page: 1 })} className={inputClass}>
            {STOCK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {STOCK_FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {products.isPending ? (
        <LoadingIndicator text="Loading products..." />
      ) : products.isError ? (
        <EmptyState title="We could not load the products." action={<RetryButton onRetry={() => void products.refetch()} />} />
      ) : products.data.items.length === 0 ? (
        stock !== 'all' && !search ? (
          <EmptyState title={stock === 'out' ? 'Nothing is sold out.' : 'Nothing is running low.'}>Every piece and size has stock above the mark.</EmptyState>
        ) : (
          <EmptyState title={search ? 'No product matches.' : 'No products yet.'} action={<Link to="/admin/products/new" className={buttonClass}>Add the first</Link>}>
            {search ? 'Try another name, or clear the search.' : 'Add one, or import a folder of photographs.'}
          </EmptyState>
        )
      ) : (
        <ul className={`grid gap-2 ${products.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={products.isPlaceholderData || settling || undefined}>
          {products.data.items.map((p) => (
            <ProductRow key={p.id} product={p} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            <ChevronLeft className="mr-1 size-4" aria-hidden="true" /> Previous
          </button>
          <span aria-current="page">
            Page {page} of {pages.toLocaleString('en-IN')}
          </span>
          <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
            Next <ChevronRight className="ml-1 size-4" aria-hidden="true" />
          </button>
        </nav>
      )}
    </section>
  );
}

function ProductRow({ product: p }: { product: AdminProductRow }) {
  const soldOut = p.sizes.filter((s) => s.stock === 0 && s.size !== ONE_SIZE).map((s) => s.size);
  return (
    <li className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-2">
      <Link
        to={`/admin/products/${p.id}`}
        className="grid min-w-0 flex-1 grid-cols-[3.5rem_1fr] items-center gap-3 rounded-xl border border-line bg-white/80 p-2 pr-4 hover:border-wine/40 hover:bg-white sm:grid-cols-[3.5rem_1fr_auto_8.5rem] sm:gap-4"
      >
        {p.thumbnail ? (
          <img src={imageAtWidth(p.thumbnail, 320)} alt="" width={56} height={75} loading="lazy" className="aspect-[3/4] w-14 rounded-lg bg-sand object-cover" />
        ) : (
          <span className="grid aspect-[3/4] w-14 place-items-center rounded-lg bg-sand text-muted">
            <ImageOff className="size-5" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0">
          <span className="block truncate font-medium text-ink">{p.name}</span>
          <span className="mt-1 flex flex-wrap gap-1.5 text-xs text-muted">
            <span>#{p.id}</span>
            <span aria-hidden="true">·</span>
            <span>
              {p.availability}: {p.stock} {p.stock === 1 ? 'piece' : 'pieces'}
            </span>
            {soldOut.length > 0 && <Badge tone="red">{`Sold out in ${soldOut.join(', ')}`}</Badge>}
            {p.featured && <Badge tone="gold">Featured</Badge>}
            {p.hidden && <Badge tone="red">Hidden from the shop</Badge>}
          </span>
          <span className="mt-1 block text-sm sm:hidden">{priceText(p)}</span>
        </span>
        <span className="hidden text-right text-sm sm:block">{priceText(p)}</span>
        <span className="hidden text-right text-xs text-muted sm:block">Edited {new Date(p.updatedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}</span>
      </Link>
      <AdjustStockDialog product={p} />
    </li>
  );
}

const priceText = (p: AdminProductRow) =>
  p.offerPrice !== null && p.offerPrice < p.price ? `${formatInrShort(p.offerPrice)} (was ${formatInrShort(p.price)})` : formatInrShort(p.price);

function Badge({ tone, children }: { tone: 'gold' | 'red'; children: string }) {
  const tones = { gold: 'bg-gold-soft/30 text-ink', red: 'bg-red-100 text-red-900' };
  return <span className={`rounded-full px-2 py-0.5 font-medium ${tones[tone]}`}>{children}</span>;
}

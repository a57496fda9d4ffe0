import { ArrowLeft, ExternalLink, Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '../../shared/admin-product.contract.ts';
import { quietDangerButtonClass, secondaryButtonClass } from '../components/buttons.ts';
import { BrowseProductsLink, EmptyState, RetryButton } from '../components/empty-state.tsx';
import { FormMessage } from '../components/form-field.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { isNotFound } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { DeleteProductDialog } from '../features/admin/delete-product-dialog.tsx';
import { ProductForm } from '../features/admin/product-form.tsx';
import { useAdminProduct, useDeleteProduct, useGroupChoices, useShowProduct } from '../features/admin/products.api.ts';

/** /admin/products/new and /admin/products/:id: one product, every field. */
export function Component() {
  return (
    <AdminGate>
      <ProductScreen />
    </AdminGate>
  );
}

function ProductScreen() {
  const { id: param } = useParams();
  const id = param && /^\d{1,9}$/.test(param) ? Number(param) : undefined;
  const product = useAdminProduct(id);
  const groups = useGroupChoices();
  const navigate = useNavigate();
  const back = (
    <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-muted hover:text-wine">
      <ArrowLeft className="size-4" aria-hidden="true" /> All products
    </Link>
  );

  if (param !== undefined && id === undefined) return <EmptyState level={1} title="Product not found" action={<BrowseProductsLink label="All products" to="/admin" />} />;
  if ((id !== undefined && product.isPending) || groups.isPending) return <LoadingIndicator text="Loading..." />;
  if (product.isError && isNotFound(product.error)) return <EmptyState level={1} title="Product not found" action={<BrowseProductsLink label="All products" to="/admin" />} />;
  if (product.isError || groups.isError) return <EmptyState title="We could not load this product." action={<RetryButton onRetry={() => void Promise.all([product.refetch(), groups.refetch()])} />} />;

  const onSaved = (saved: AdminProduct, created: boolean) => {
    if (created) {
      notify('Product created. It is in the shop now.', 'success');
      void navigate(`/admin/products/${saved.id}`, { replace: true });
    }
  };
  return (
    <div className="grid gap-5">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold">{product.data ? product.data.name : 'New product'}</h1>
        {product.data && <ProductActions product={product.data} />}
      </div>
      <ProductForm key={product.data?.id ?? 'new'} product={product.data} groups={groups.data} onSaved={onSaved} />
    </div>
  );
}

function ProductActions({ product }: { product: AdminProduct }) {
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const remove = useDeleteProduct();
  const show = useShowProduct();
  const navigate = useNavigate();

  async function confirmDelete() {
    try {
      const outcome = await remove.mutateAsync(product.id);
      setAsking(false);
      notify(outcome.message, 'success');
      if (outcome.outcome === 'deleted') void navigate('/admin', { replace: true });
    } catch (err) {
      setAsking(false);
      setMessage(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <div className="grid justify-items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {product.hidden ? (
          <button type="button" className={secondaryButtonClass} disabled={show.isPending} onClick={() => void show.mutateAsync(product.id).then(() => notify('It is in the shop again.', 'success'))}>
            <Eye className="mr-1 size-4" aria-hidden="true" /> Show in the shop again
          </button>
        ) : (
          <Link to={`/product/${product.id}`} className={secondaryButtonClass}>
            <ExternalLink className="mr-1 size-4" aria-hidden="true" /> View in the shop
          </Link>
        )}
        {!product.hidden && (
          <button type="button" className={quietDangerButtonClass} onClick={() => setAsking(true)}>
            <Trash2 className="mr-1 size-4" aria-hidden="true" /> Delete
          </button>
        )}
      </div>
      {product.hidden && <FormMessage tone="info">Hidden from the shop: orders name it, so it was kept for them.</FormMessage>}
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <DeleteProductDialog product={product} open={asking} onOpenChange={setAsking} onConfirm={confirmDelete} />
    </div>
  );
}

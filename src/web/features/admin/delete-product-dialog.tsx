import type { AdminProduct } from '../../../shared/admin-product.contract.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

interface Props {
  product: AdminProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}

/**
 * A delete is asked first. A product that orders name is hidden instead, so the dialog says which
 * will happen before the owner chooses.
 */
export function DeleteProductDialog({ product, open, onOpenChange, onConfirm }: Props) {
  const ordered = product.orderCount > 0;
  return (
    <ConfirmDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={`Delete “${product.name}”?`}
      description={
        ordered
          ? `${product.orderCount === 1 ? 'An order names' : `${product.orderCount} orders name`} this product, so it will be hidden from the shop instead: those orders stay whole, and you can show it again later.`
          : 'It leaves the shop and every cart and wishlist for good. This cannot be undone.'
      }
      keepLabel="Keep it"
      confirmLabel={ordered ? 'Hide from the shop' : 'Delete product'}
      busyLabel="Deleting..."
      onConfirm={onConfirm}
    />
  );
}

import { AdminGate } from '../features/admin/admin-gate.tsx';
import { ProductsTable } from '../features/admin/products-table.tsx';

/** /admin: the store owner's products (spec §2 Admin product management). */
export function Component() {
  return (
    <AdminGate>
      <ProductsTable />
    </AdminGate>
  );
}

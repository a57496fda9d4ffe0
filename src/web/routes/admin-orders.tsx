import { AdminGate } from '../features/admin/admin-gate.tsx';
import { OrdersList } from '../features/admin/orders-list.tsx';

/** /admin/orders: every order, and fulfilment (design.md order status). */
export function Component() {
  return (
    <AdminGate>
      <OrdersList />
    </AdminGate>
  );
}

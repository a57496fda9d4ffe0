import { OrdersScreen } from '../features/orders/orders-screen.tsx';

/** /orders (spec §2 Orders): the shopper's own orders, newest first. */
export function Component() {
  return <OrdersScreen />;
}

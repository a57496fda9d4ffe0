import { OrderConfirmation } from '../features/orders/order-confirmation.tsx';

/** /order-confirmation (spec §2): after a payment, with its id from router state. */
export function Component() {
  return <OrderConfirmation />;
}

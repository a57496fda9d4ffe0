import { OrdersScreen } from '../features/orders/orders-screen.tsx';
import { WriteReviews } from '../features/reviews/review-form.tsx';

/** /orders (spec §2 Orders): the shopper's own orders, newest first; a delivered one's pieces can be reviewed (issue 51). */
export function Component() {
  return <OrdersScreen delivered={(order, shopperId) => <WriteReviews order={order} shopperId={shopperId} />} />;
}

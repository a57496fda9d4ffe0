import { useSearchParams } from 'react-router';
import { OrdersScreen } from '../features/orders/orders-screen.tsx';
import { WriteReviews } from '../features/reviews/review-form.tsx';

/**
 * /orders (spec §2 Orders): the shopper's own orders, newest first; a delivered one's pieces can be
 * reviewed (issue 51). `?review=<order id>`, the link in the mail that asks for a review, opens
 * that order's form and brings it into view.
 */
export function Component() {
  const [params] = useSearchParams();
  const asked = params.get('review');
  return <OrdersScreen delivered={(order, shopperId) => <WriteReviews order={order} shopperId={shopperId} opened={order.id === asked} />} />;
}

import { CartScreen } from '../features/cart/cart-screen.tsx';

/** /cart (spec §2). */
export function Component() {
  return <CartScreen />;
}

/** The signed-in scenarios' shopper (bench/run.ts, bench/two-servers.ts): signed up through the API, with a real cart. */
import type { BenchShopper } from './scenarios.ts';

/** The signed-in scenarios' shopper: a real sign-up through the API, and the session cookie it set. */
export async function signUpShopper(origin: string): Promise<Omit<BenchShopper, 'cartIds' | 'photo'>> {
  const shopper = { firstName: 'Bench', email: `bench.${Date.now()}@example.com`, phone: '9876543210', gender: 'female', password: 'Bench@2026' };
  const res = await fetch(`${origin}/api/accounts/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shopper) });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`signing up the benchmark's shopper: ${res.status} ${await res.text()}`);
  return { email: shopper.email, password: shopper.password, cookie };
}

/** Pieces in the benchmark shopper's cart before the load, so the cart's reads are of a real cart. */
const CART_LINES = 5;

/** Puts CART_LINES pieces in the shopper's cart (skipping sold-out ones) and says which. */
export async function fillCart(origin: string, shopper: { cookie: string }, ids: number[]): Promise<number[]> {
  const added: number[] = [];
  for (const productId of ids) {
    if (added.length === CART_LINES) break;
    const res = await fetch(`${origin}/api/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: shopper.cookie },
      body: JSON.stringify({ productId }),
    });
    if (res.status === 200) added.push(productId);
    // Sold out (409), or a piece in sizes that needs one (422): the next piece.
    else if (res.status !== 409 && res.status !== 422) throw new Error(`filling the benchmark's cart: ${res.status} ${await res.text()}`);
  }
  return added;
}

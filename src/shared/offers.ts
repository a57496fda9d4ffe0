/**
 * Coupons and offers (issue 50, docs/decisions/0050): how a discount is shared over an order's lines.
 * Pure and shared, so the cart, checkout and the server work it out alike.
 */

/**
 * `total` paise shared over `weights` in proportion, by the largest remainder: each gets the floor
 * of its exact share, then the paise left over go one each to the largest remainders, ties to the
 * earlier weight. The shares sum to `total` exactly, and none is above its weight while `total` is
 * not above their sum. Zero weights get nothing.
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const amount = BigInt(Math.min(total, sum));
  const whole = BigInt(sum);
  const exact = weights.map((w) => BigInt(w) * amount);
  const shares = exact.map((e) => e / whole);
  let left = Number(amount - shares.reduce((a, b) => a + b, 0n));
  const byRemainder = exact.map((e, i) => ({ i, r: e % whole })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    if (weights[i]! <= 0) continue;
    shares[i]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

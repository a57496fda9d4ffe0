/**
 * A product's like count changed: every cached answer that shows that product (a list's pages, a
 * search, the product's own page, the wishlist) is given the new count, so every card and the
 * product page agree at once without asking the server again.
 */

const MAX_DEPTH = 5;

/** `data` with every `{ id: productId, likeCount }` in it given `count`; the same object where nothing changed. */
export function withLikeCount<T>(data: T, productId: number, count: number, depth = 0): T {
  if (data === null || typeof data !== 'object' || depth > MAX_DEPTH) return data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const updated = withLikeCount(item, productId, count, depth + 1);
      changed ||= updated !== item;
      return updated;
    });
    return (changed ? next : data) as T;
  }
  const record = data as Record<string, unknown>;
  if (record.id === productId && typeof record.likeCount === 'number') {
    return (record.likeCount === count ? data : { ...record, likeCount: count }) as T;
  }
  let next: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(record)) {
    if (value === null || typeof value !== 'object') continue;
    const updated = withLikeCount(value, productId, count, depth + 1);
    if (updated !== value) (next ??= { ...record })[key] = updated;
  }
  return (next ?? data) as T;
}

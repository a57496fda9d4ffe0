import { describe, expect, it } from 'vitest';
import { withLikeCount } from './like-counts.ts';

const card = (id: number, likeCount: number) => ({ id, name: `Saree ${id}`, likeCount });

describe('a new like count in the cached answers', () => {
  it('reaches the product in a list’s pages, a search and a product’s own page', () => {
    const pages = { pages: [{ items: [card(1, 0), card(2, 5)], hasMore: true }], pageParams: [0] };
    const updated = withLikeCount(pages, 2, 6);
    expect(updated.pages[0]!.items).toEqual([card(1, 0), card(2, 6)]);
    expect(updated.pages[0]!.items[0]).toBe(pages.pages[0]!.items[0]); // untouched cards keep their object
    expect(withLikeCount({ total: 1, items: [card(2, 5)] }, 2, 4)).toEqual({ total: 1, items: [card(2, 4)] });
    expect(withLikeCount({ ...card(2, 5), images: ['a.webp'] }, 2, 7)).toEqual({ ...card(2, 7), images: ['a.webp'] });
  });

  it('leaves answers without the product as the very same object', () => {
    const search = { total: 1, items: [card(1, 0)] };
    expect(withLikeCount(search, 2, 9)).toBe(search);
    const suggestions = [{ id: 2, name: 'Saree 2' }];
    expect(withLikeCount(suggestions, 2, 9)).toBe(suggestions);
    expect(withLikeCount(undefined, 2, 9)).toBeUndefined();
  });
});

/** A product's reviews (issue 51): the figures with the first reviews, further pages on demand, and "Helpful". */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ReviewPage, ReviewSort, ReviewSummary } from '../../../shared/reviews.ts';
import { getJson, sendJson } from '../../lib/api.ts';

export type ReviewsAnswer = ReviewPage & { summary: ReviewSummary | null };

export const reviewsQuery = (productId: number, sort: ReviewSort = 'newest') =>
  infiniteQueryOptions({
    // Under the catalog's root (a catalog change makes them stale); named here, not in lib/query-keys.ts (home's budget).
    queryKey: ['products', 'reviews', productId, sort] as const,
    queryFn: ({ pageParam, signal, client }) => getJson<ReviewsAnswer>(`/api/products/${productId}/reviews?sort=${sort}&offset=${pageParam}`, { signal, client }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useReviews = (productId: number, sort: ReviewSort, enabled: boolean) => useInfiniteQuery({ ...reviewsQuery(productId, sort), enabled });

/**
 * "Helpful": the review's count moves by one in every order it is kept in, here (the shop keeps its
 * answer while the catalog stands, so asking again would show the count from before).
 */
export function useHelpful(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => sendJson<{ helpful: true }>('POST', `/api/reviews/${reviewId}/helpful`),
    onSuccess: (_, reviewId) =>
      client.setQueriesData<InfiniteData<ReviewsAnswer>>({ queryKey: ['products', 'reviews', productId] }, (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (r.id === reviewId ? { ...r, helpful: r.helpful + 1 } : r)) })) },
      ),
  });
}

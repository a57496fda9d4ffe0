/** A product's reviews (issue 51): the figures with the first reviews, further pages on demand, and "Helpful". */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewPage, ReviewSort, ReviewSummary } from '../../../shared/reviews.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type ReviewsAnswer = ReviewPage & { summary: ReviewSummary | null };

export const reviewsQuery = (productId: number, sort: ReviewSort = 'newest') =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews(productId, sort),
    queryFn: ({ pageParam, signal, client }) => getJson<ReviewsAnswer>(`/api/products/${productId}/reviews?sort=${sort}&offset=${pageParam}`, { signal, client }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useReviews = (productId: number, sort: ReviewSort) => useInfiniteQuery(reviewsQuery(productId, sort));

/** "Helpful": the review's count moves by one in every order it is cached in. */
export function useHelpful(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => sendJson<{ helpful: true }>('POST', `/api/reviews/${reviewId}/helpful`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['products', 'reviews', productId] }),
  });
}

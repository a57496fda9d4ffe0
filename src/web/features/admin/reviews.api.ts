/** The owner's reviews (issue 51): the list by state, product and rating; each act; the held words; the fit per size. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerReviewPage, ReviewState, SizeFit } from '../../../shared/reviews.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { catalogChanged } from '../../lib/query-keys.ts';

export interface ReviewFilter {
  state?: ReviewState;
  productId?: number;
  rating?: number;
}

const listKey = (f: ReviewFilter) => ['admin', 'reviews', f] as const;
const wordsKey = ['admin', 'review-words'] as const;

const queryOf = (f: ReviewFilter & { before?: string }) => new URLSearchParams(Object.entries(f).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

/** The list a page at a time (OWNER_REVIEWS_PAGE), each continuing after the last review of the one before. */
export const useOwnerReviews = (f: ReviewFilter) =>
  useInfiniteQuery({
    queryKey: listKey(f),
    queryFn: ({ signal, pageParam }) => getJson<OwnerReviewPage>(`/api/admin/reviews?${queryOf({ ...f, before: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    retry: false,
  });

export type ReviewAct = { act: 'publish' } | { act: 'reject'; reason: string } | { act: 'reply'; text: string };

/**
 * One act on a review. The list is read again however it ends (another tab may have taken it), and
 * a publish or reply changes the product page's reviews, which the shop's own pages keep as catalog.
 */
export function useReviewAct(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ act, ...body }: ReviewAct) => sendJson<unknown>('POST', `/api/admin/reviews/${id}/${act}`, act === 'publish' ? undefined : body),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['admin', 'reviews'] }), catalogChanged(client)]),
  });
}

export const useHeldWords = () => useQuery({ queryKey: wordsKey, queryFn: ({ signal }) => getJson<{ words: string[] }>('/api/admin/reviews/words', { signal }), staleTime: 0, retry: false });

export function useSaveHeldWords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (words: string[]) => sendJson<{ words: string[] }>('PUT', '/api/admin/reviews/words', { words }),
    onSuccess: (saved) => client.setQueryData(wordsKey, saved),
  });
}

export const useFitBySize = (productId: number) =>
  useQuery({ queryKey: ['admin', 'reviews', 'fit', productId], queryFn: ({ signal }) => getJson<{ sizes: SizeFit[] }>(`/api/admin/products/${productId}/fit`, { signal }), staleTime: 0, retry: false });

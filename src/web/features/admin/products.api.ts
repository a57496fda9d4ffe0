/** The owner's products: the table, one product, its groups, and the writes (the API refuses anyone else). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductPage, DeleteOutcome, GroupChoice, ProductInput, SizeChartInput, SizeListChoice, StockAdjust } from '../../../shared/admin-product.contract.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { uploadPhoto } from '../../lib/upload.ts';
import { catalogChanged } from '../../lib/query-keys.ts';

export interface TableQuery {
  search: string;
  page: number;
  sort: string;
  stock: string;
}

export function useAdminProducts(q: TableQuery) {
  const params = new URLSearchParams({ page: String(q.page), sort: q.sort, ...(q.search && { search: q.search }), ...(q.stock !== 'all' && { stock: q.stock }) });
  return useQuery({
    queryKey: ['admin', 'products', q],
    queryFn: ({ signal }) => getJson<AdminProductPage>(`/api/admin/products?${params}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function useAdminProduct(id: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'product', id],
    queryFn: ({ signal }) => getJson<AdminProduct>(`/api/admin/products/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
  });
}

export function useGroupChoices() {
  return useQuery({
    queryKey: ['admin', 'groups'],
    queryFn: ({ signal }) => getJson<{ categories: GroupChoice[]; collections: GroupChoice[]; sizeLists: SizeListChoice[] }>('/api/admin/products/groups', { signal }),
    staleTime: 60_000,
  });
}

/** After any write the shop's cached answers that show products are stale too: they are asked again. */
function useCatalogWrite<A, R>(write: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => catalogChanged(client) });
}

export const useSaveProduct = (id: number | undefined) =>
  useCatalogWrite((input: ProductInput) =>
    id === undefined ? sendJson<AdminProduct>('POST', '/api/admin/products', input) : sendJson<AdminProduct>('PUT', `/api/admin/products/${id}`, input),
  );

/** A deleted product's own query is left alone: asked again, it would only answer 404 before the screen leaves. */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<DeleteOutcome>('DELETE', `/api/admin/products/${id}`),
    onSuccess: (outcome, id) => {
      const gone = (key: readonly unknown[]) => outcome.outcome === 'deleted' && key[0] === 'admin' && key[1] === 'product' && key[2] === id;
      return catalogChanged(client, gone);
    },
  });
}

/** The quick adjust from the list: a size's new count and why. */
export const useAdjustStock = (id: number) => useCatalogWrite((change: StockAdjust) => sendJson<AdminProduct>('POST', `/api/admin/products/${id}/stock`, change));

/** A size list's chart: the editor's lists and every page that shows the chart are asked again. */
export const useSaveSizeChart = (listId: number) =>
  useCatalogWrite((chart: SizeChartInput) => sendJson<SizeListChoice>('PUT', `/api/admin/size-lists/${listId}/chart`, chart));

export const useShowProduct = () => useCatalogWrite((id: number) => sendJson<AdminProduct>('POST', `/api/admin/products/${id}/show`));

/** Sends one photograph's bytes; the server checks and converts it and answers its URL. */
export const uploadProductPhoto = async (file: File): Promise<string> => (await uploadPhoto<{ url: string }>('/api/admin/uploads/photos', file)).url;

/**
 * The app's one TanStack Query client and its provider. Not in the first download: home draws
 * without server data, so the data screens' chunks (and the search suggestions) bring this in
 * when they load; every provider shares this one client, so they share one cache.
 * (docs/decisions/0006-navigation-and-home.md)
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

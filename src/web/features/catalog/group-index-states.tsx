import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowseProductsLink, EmptyState, RetryButton } from '../../components/empty-state.tsx';

/** An index of groups (categories, collections) while loading, on failure, empty, and loaded. */
export function GroupIndexStates<T>({
  query,
  skeleton,
  failed,
  empty,
  emptyHint,
  children,
}: {
  query: UseQueryResult<T[], Error>;
  skeleton: ReactNode;
  failed: string;
  empty: string;
  emptyHint: string;
  children: (groups: T[]) => ReactNode;
}) {
  if (query.isPending) return skeleton;
  if (query.isError) return <EmptyState title={query.error.message || failed} action={<RetryButton onRetry={() => void query.refetch()} />} />;
  if (query.data.length === 0) {
    return (
      <EmptyState title={empty} action={<BrowseProductsLink />}>
        {emptyHint}
      </EmptyState>
    );
  }
  return children(query.data);
}

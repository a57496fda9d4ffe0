/** The SQL console's API (admin only; the server checks the role on every request). */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SqlAuditPage, SqlResult, SqlRunRequest, SqlSchema } from '../../../shared/sql-console.contract.ts';
import { getJson, sendJson } from '../../lib/api.ts';

const schemaKey = ['admin', 'sql', 'schema'] as const;
const auditKey = ['admin', 'sql', 'audit'] as const;

export function useSqlSchema() {
  return useQuery({ queryKey: schemaKey, queryFn: ({ signal }) => getJson<SqlSchema>('/api/admin/sql/schema', { signal }), retry: false, staleTime: 60_000 });
}

/** A table's first rows. Each fetch is a statement in the audit log, so it is not refetched on focus. */
export function useSqlSample(table: string | null) {
  return useQuery({
    queryKey: ['admin', 'sql', 'sample', table],
    // A POST (it writes the audit log's row), asked as a query: it reads.
    queryFn: () => sendJson<SqlResult>('POST', `/api/admin/sql/sample/${encodeURIComponent(table!)}`),
    enabled: table !== null,
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** The audit log, newest first, a page at a time. */
export function useSqlAudit() {
  return useInfiniteQuery({
    queryKey: auditKey,
    queryFn: ({ pageParam, signal }) => getJson<SqlAuditPage>(`/api/admin/sql/audit${pageParam ? `?before=${pageParam}` : ''}`, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    retry: false,
    staleTime: 0,
  });
}

export function useRunSql() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SqlRunRequest) => sendJson<SqlResult>('POST', '/api/admin/sql/run', request),
    // Refused and failed statements are logged too; a write may change the row counts.
    onSettled: (_result, _error, request) => {
      void client.invalidateQueries({ queryKey: auditKey });
      if (request.mode === 'write') void client.invalidateQueries({ queryKey: schemaKey });
    },
  });
}

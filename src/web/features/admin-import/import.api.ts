/** The owner's imports: the preset folders, one folder's import, and a CSV file's, read as it streams. */
import { useQuery } from '@tanstack/react-query';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type CsvLine, type CsvProgress, type CsvReport, type FolderImportResult, type ImportFolderList } from '../../../shared/admin-import.contract.ts';
import { ApiError, getJson, sendJson } from '../../lib/api.ts';

export const foldersKey = ['admin', 'import', 'folders'] as const;

export function useImportFolders() {
  return useQuery({ queryKey: foldersKey, queryFn: ({ signal }) => getJson<ImportFolderList>('/api/admin/import/folders', { signal }), staleTime: 0, retry: false });
}

export const importFolder = (name: string) => sendJson<FolderImportResult>('POST', `/api/admin/import/folders/${encodeURIComponent(name)}`);

const STOPPED = 'The import stopped before it finished (the connection may have dropped). Rows reported as done are saved: import the file again to finish.';

/**
 * Sends the file's bytes and reads the answer line by line (NDJSON) as the server writes it:
 * progress as batches complete, then the report.
 */
export async function importCsv(file: File, dryRun: boolean, onProgress: (p: CsvProgress) => void): Promise<CsvReport> {
  if (file.size > IMPORT_LIMITS.csvBytes) throw new ApiError(413, 'too_large', IMPORT_MESSAGES.csvTooBig);
  const res = await fetch(`/api/admin/uploads/csv?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/x-ndjson, application/json' },
    credentials: 'same-origin',
    body: file,
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(res.status, body?.code ?? 'http_error', body?.message ?? `Request failed (${res.status})`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as CsvLine;
      if (line.type === 'progress') onProgress(line);
      else if (line.type === 'report') return line;
      else throw new ApiError(500, 'import_failed', line.message);
    }
    if (done) throw new ApiError(0, 'stopped', STOPPED);
  }
}

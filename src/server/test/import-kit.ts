/** What the import tests share: a CSV sent as the import screen sends it, and its streamed report. */
import { expect } from 'vitest';
import type { CsvLine, CsvReport } from '../../shared/admin-import.contract.ts';
import type { TestApp } from './test-app.ts';

export async function uploadCsv(t: TestApp, cookie: string, body: string | Buffer, dryRun = false): Promise<Response> {
  return t.app.request(`/api/admin/uploads/csv?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Cookie: cookie },
    body: body as BodyInit,
  });
}

/** The import's answer, line by line, its report, and one row's result by its line in the file. */
export async function csvReport(t: TestApp, cookie: string, body: string | Buffer, dryRun = false) {
  const res = await uploadCsv(t, cookie, body, dryRun);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/x-ndjson/);
  const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as CsvLine);
  const report = lines.at(-1) as CsvReport;
  expect(report.type).toBe('report');
  return { lines, report, row: (n: number) => report.rows.find((r) => r.row === n) };
}

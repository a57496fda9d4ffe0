/**
 * Imports under /api/admin (behind the admin guard of admin.routes.ts): the preset folders, one
 * folder's import, and a CSV file's, whose answer streams as NDJSON (a progress line per batch, then
 * the report), so a browser shows 10,000 rows advancing, over one request whichever app server has it.
 */
import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { IMPORT_LIMITS, IMPORT_MESSAGES as M, type CsvLine } from '../../../shared/admin-import.contract.ts';
import { z } from '../../../shared/zod.ts';
import { bodyLimitOf } from '../../http/mutations.ts';
import type { ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { ImportService } from './import.service.ts';

const csvQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false.' })
    .default('false')
    .transform((v) => v === 'true'),
});

function ndjson(c: Context, lines: AsyncIterable<CsvLine>) {
  c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
  // A proxy that buffers answers (nginx) would hold the progress lines back until the end.
  c.header('X-Accel-Buffering', 'no');
  return stream(
    c,
    async (s) => {
      for await (const line of lines) await s.write(`${JSON.stringify(line)}\n`);
    },
    async (err, s) => {
      console.error('CSV import failed:', err);
      await s.write(`${JSON.stringify({ type: 'error', message: M.internal } satisfies CsvLine)}\n`);
    },
  );
}

export function importRoutes(imports: ImportService) {
  return new Hono<ShopperEnv>()
    .get('/admin/import/folders', async (c) => c.json(await imports.folders()))
    .post('/admin/import/folders/:name', async (c) => c.json(await imports.importFolder(c.req.param('name'))))
    .post('/admin/uploads/csv', bodyLimitOf(IMPORT_LIMITS.csvBytes, M.csvTooBig), valid('query', csvQuery), async (c) =>
      ndjson(c, imports.csv(new Uint8Array(await c.req.arrayBuffer())).run(c.req.valid('query').dryRun)),
    );
}

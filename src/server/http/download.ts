/** A file to keep (an invoice's PDF, the month's register): saved under its own name, never cached. */
import type { Context } from 'hono';

export interface Download {
  /** ASCII letters, digits, '-' and '.': made by the shop (documentFilename), never from the request. */
  filename: string;
  content: Buffer;
}

export const download = (c: Context, { filename, content }: Download, type: string) =>
  c.body(new Uint8Array(content), 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${filename}"`,
    // A tax document is personal: no shared cache keeps it.
    'Cache-Control': 'private, no-store',
  });

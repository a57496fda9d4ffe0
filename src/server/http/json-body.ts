/** The local stand-ins' request bodies (local chat, local payouts): JSON, or an empty object when it is not. */
import type { IncomingMessage } from 'node:http';

export async function jsonOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

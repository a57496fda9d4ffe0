import { ApiError } from './api.ts';

/**
 * One photograph's bytes sent to an upload endpoint of ours (a return's, a review's, the owner's):
 * the server checks and re-encodes it and answers what it kept. Kept apart from api.ts so the
 * home page's first JavaScript does not carry it. A refusal is an ApiError with the server's words.
 */
export async function uploadPhoto<T extends object>(url: string, file: File): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
    credentials: 'same-origin',
    body: file,
  });
  const body = (await res.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!res.ok || !body) throw new ApiError(res.status, body?.code ?? 'http_error', body?.message ?? `The upload failed (${res.status}).`);
  return body;
}

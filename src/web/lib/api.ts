/**
 * The web app's one way to call our API. Every failure is an ApiError carrying the server's
 * `{ code, message, fields }` and the status, so screens decide by status and code, never by
 * matching message text: forms put `fields` under their inputs, everything else becomes a toast.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field name to message, for a request body the server refused (422). */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
}

async function answer<T>(res: Response): Promise<T> {
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  throw new ApiError(res.status, body?.code ?? 'http_error', body?.message ?? `Request failed (${res.status})`, body?.fields);
}

/** GET a JSON endpoint of our API. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return answer<T>(await fetch(url, { signal, headers: { Accept: 'application/json' } }));
}

/** A request that changes something: JSON in and out, with the session cookie (same origin). */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return answer<T>(
    await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) }),
  );
}

/** Whether an error is the API saying "there is no such thing": an answer, not a hiccup worth retrying. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

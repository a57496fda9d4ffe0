import type { ApiAnswer, InProcessApi } from '../../shared/in-process-api.ts';

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

/** An answer read: its JSON when it succeeded, else the API's refusal as an ApiError. */
function read<T>({ status, body }: ApiAnswer): T {
  if (status >= 200 && status < 300) return (status === 204 ? undefined : JSON.parse(body)) as T;
  const refusal = parsedOrNull(body) as ErrorBody | null;
  throw new ApiError(status, refusal?.code ?? 'http_error', refusal?.message ?? `Request failed (${status})`, refusal?.fields);
}

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const answer = async <T>(res: Response): Promise<T> => read<T>({ status: res.status, body: res.status === 204 ? '' : await res.text() });

/** Where a query's requests go instead of the network: on the server, the API itself, in process. */
export type Transport = InProcessApi;

/** One per query client: a page rendered on the server asks the API through its own request's client. */
const transports = new WeakMap<object, Transport>();

export function setTransport(client: object, transport: Transport): void {
  transports.set(client, transport);
}

/** What a query function passes on: its signal and, from TanStack's context, the client asking. */
export interface Asking {
  signal?: AbortSignal;
  client?: object;
}

/** GET a JSON endpoint of our API: over the network, or through the asking client's transport. */
export async function getJson<T>(url: string, { signal, client }: Asking = {}): Promise<T> {
  const transport = client && transports.get(client);
  const headers = { Accept: 'application/json' };
  if (!transport) return answer<T>(await fetch(url, { signal, headers }));
  // In process, no signal: a page drawn on the server waits for every answer, so nothing is ever
  // called off (and a request that followed one was watched by a finalizer, docs/decisions/0032).
  return read<T>(await transport(url));
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

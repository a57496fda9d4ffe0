/**
 * How a page drawn on the server asks the API (issue 19): a GET of a path and its query, JSON
 * accepted, answered in process with the status and the body as text.
 *
 * Plain data, not a Request and a Response: an ask crosses from a drawing thread to the API's and
 * back (src/server/web/drawing-threads.ts), and a page makes several. Building a web Request and
 * Response for each, on both threads, with their headers, streams and abort signals, was about a
 * fifteenth of a first render's CPU (docs/decisions/0038).
 */
export interface ApiAnswer {
  status: number;
  /** The answer's JSON as text; empty for a 204. */
  body: string;
}

/** A GET of `path` (from `/`, with its query), answered in process. */
export type InProcessApi = (path: string) => Promise<ApiAnswer>;

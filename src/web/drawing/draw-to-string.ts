/**
 * A page drawn whole by React's streaming renderer, as one string (issue 19).
 *
 * React's own path on Node: the web stream of its Node build, awaited whole and read back into a
 * string. Decision 0037 drew with React's Bun build instead, which hands each piece over as a
 * string where this one encodes it into bytes for them to be decoded again; measured again in
 * decision 0044, five runs each way in turns on a busy machine, its gain (a median of about 10% of
 * a drawing's CPU) was not clear of the spread, so the library's supported build is back.
 */
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';

/**
 * Draws `node` with everything in it ready, suspended parts included, and resolves with its
 * markup. `onError` hears every error React reports (a part it could not draw); a failure of the
 * whole page rejects.
 */
export async function drawToString(node: ReactNode, onError: (error: unknown) => void): Promise<string> {
  const stream = await renderToReadableStream(node, {
    // Never outline a finished part for a script to move in later: the page's CSP runs none.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // Whatever the listener returns stays here: React would write it into the page as the error's digest.
    onError: (error) => {
      onError(error);
    },
  });
  // The whole page before a piece is read: no part left to stream in later, which React would do
  // with inline scripts the page's CSP refuses.
  await stream.allReady;
  return new Response(stream).text();
}

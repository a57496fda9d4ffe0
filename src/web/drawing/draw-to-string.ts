/**
 * A page drawn whole by React's streaming renderer, as one string (issue 19, docs/decisions/0037).
 *
 * React ships its streaming renderer (Fizz) in builds that differ only in how a drawn piece
 * reaches its destination. The Node build encodes every piece, a tag, an attribute, a `"`, into
 * bytes as it goes (TextEncoder.encodeInto into a 4 KB view), and the page then decoded them back:
 * about a sixth of a drawing's time. The Bun build hands each piece to the destination's `write`
 * as the string it is. It is plain JavaScript that runs on Node as well (it needs only `stream`,
 * `util` and `Buffer`), and it draws the same markup byte for byte.
 */
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.bun';

/**
 * Draws `node` with everything in it ready, suspended parts included, and resolves with its
 * markup. `onError` hears every error React reports (a part it could not draw); a failure of the
 * whole page rejects.
 */
export function drawToString(node: ReactNode, onError: (error: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const pieces: string[] = [];
    // What React's Bun build writes to: `write` with each piece, `end` when the page is whole;
    // on a failure `destroy`. It listens for 'drain', 'error' and 'close', which a string in
    // memory never sends.
    const destination = {
      write: (piece: string) => pieces.push(piece) > 0,
      end: () => resolve(pieces.join('')),
      destroy: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      on: () => destination,
    };
    const { pipe } = renderToPipeableStream(node, {
      // Never outline a finished part for a script to move in later: the page's CSP runs none.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Whatever the listener returns stays here: React would write it into the page as the error's digest.
      onError: (error) => {
        onError(error);
      },
      // The whole page before a piece is written: no part left to stream in later, which React
      // would do with inline scripts the page's CSP refuses.
      onAllReady: () => pipe(destination as unknown as NodeJS.WritableStream),
      onShellError: reject,
    });
  });
}

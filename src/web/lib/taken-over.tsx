/**
 * A page drawn on the server, as the browser takes it over (issue 19): what was drawn there stands
 * until React has taken the page over; then the browser's own state and work take their turn.
 */
import { useSyncExternalStore, type ImgHTMLAttributes } from 'react';

const NO_CHANGES = () => () => {};
const TAKEN_OVER = () => true;
const DRAWING = () => false;

/** False on the server and while React takes over the page drawn there (as it was drawn); true after. */
export const useTakenOver = () => useSyncExternalStore(NO_CHANGES, TAKEN_OVER, DRAWING);

/**
 * A picture, by default one below the first screen. A page drawn on the server names such a
 * picture without its address, so the browser does not fetch it beside the first picture (lazy
 * loading would: it reaches 1,250 px below the screen). It is asked for once the app has taken the
 * page over, which boot.ts starts after the first picture is shown: on a slow line the hero has
 * the line to itself. A browser without JavaScript takes the copy in <noscript>, and styles.css
 * hides the empty one. `now`: a picture of the first screen, asked for at once.
 */
export function LaterImg({ now, ...img }: ImgHTMLAttributes<HTMLImageElement> & { now?: boolean }) {
  if (useTakenOver() || now) return <img {...img} />;
  return (
    <>
      <img {...img} src={undefined} srcSet={undefined} data-later="" />
      <noscript>
        <img {...img} />
      </noscript>
    </>
  );
}

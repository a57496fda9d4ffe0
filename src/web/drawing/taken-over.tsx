/**
 * A page drawn on the server, as the browser takes it over (issue 19): what was drawn there stands
 * until React has taken the page over; then the browser's own state and work take their turn.
 */
import { createContext, useContext, useDeferredValue, useSyncExternalStore, type ImgHTMLAttributes, type ReactNode } from 'react';

/** Whether a part drawn from now on is drawn afresh in the browser, none of it taken over (main.tsx says when). */
let drawnInBrowser = false;
export const drawnInBrowserFromNowOn = () => {
  drawnInBrowser = true;
};

const NO_CHANGES = () => () => {};
const IN_BROWSER = () => drawnInBrowser;
const DRAWING = () => false;

/**
 * False on the server and while React takes over the page drawn there (as it was drawn); true
 * after. A deferred value: the parts taken over are drawn again with it in a transition, in
 * slices. An external store's change (as it was) drew them all again at once, in one urgent task
 * of up to 90 ms at Lighthouse's 4x slowdown (decision 0035). A part drawn afresh in the browser
 * once the shopper has moved on has it at once; the store says which, and says "drawing" to a
 * part React is still taking over (the screen inside the shell's Suspense can be, when the
 * shopper moves on that early), so such a part is drawn as it was on the server.
 */
export function useTakenOver(): boolean {
  const fresh = useSyncExternalStore(NO_CHANGES, IN_BROWSER, DRAWING);
  return useDeferredValue(true, fresh ? undefined : false);
}

/** Inside a <noscript> copy: what it holds is read only without JavaScript, so nothing in it waits. */
const InCopy = createContext(false);

/**
 * What a browser without JavaScript shows in place of a part the app draws later (a grid far below
 * the fold): drawn on the server only, since React never draws a <noscript>'s content in the browser.
 */
export const NoscriptCopy = ({ children }: { children: ReactNode }) => (
  <noscript>
    <InCopy.Provider value>{children}</InCopy.Provider>
  </noscript>
);

/** A `<picture>`'s source besides the picture itself (a banner's wide picture from 1024 px). */
type Source = { media: string; srcSet?: string; sizes: string };

/**
 * A picture, by default one below the first screen. A page drawn on the server names such a
 * picture without its address, so the browser does not fetch it beside the first picture (lazy
 * loading would: it reaches 1,250 px below the screen). It is asked for once the app has taken the
 * page over, which boot.ts starts after the first picture is shown: on a slow line the hero has
 * the line to itself. A browser without JavaScript takes the copy in <noscript>, and styles.css
 * hides the empty one. `now`: a picture of the first screen, asked for at once. `source`: drawn
 * in a <picture> with it.
 */
export function LaterImg({ now, source, ...img }: ImgHTMLAttributes<HTMLImageElement> & { now?: boolean; source?: Source }) {
  const inCopy = useContext(InCopy);
  const shown = useTakenOver() || now || inCopy;
  const picture = (on: boolean | undefined) => {
    const one = on ? <img key="img" {...img} /> : <img key="img" {...img} src={undefined} srcSet={undefined} data-later="" />;
    return source ? (
      <picture>
        {on && <source key="source" {...source} />}
        {one}
      </picture>
    ) : (
      one
    );
  };
  if (shown) return picture(true);
  return (
    <>
      {picture(false)}
      <noscript>{picture(true)}</noscript>
    </>
  );
}

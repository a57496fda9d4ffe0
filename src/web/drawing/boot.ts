/**
 * How a page drawn on the server starts its app (issue 19). The page is already readable: what a
 * shopper on a slow line wants first is its largest picture, not 100 KB of code sharing the line
 * with it. So the code is asked for once the page's first pictures (those drawn with high fetch
 * priority: the hero, a product's main picture, the first cards) have loaded and shown, or after
 * three seconds whatever happens. On a line whose speed is the limit this costs the code nothing
 * (the bytes arrive in the same total time) and brings the picture forward.
 *
 * Until the app has taken the page over, a tap on a button is held and given back then
 * (held-taps.ts, decision 0040); a held tap asks for the app at once.
 *
 * Kept free of imports beyond the shared id and the held taps, so it is one small file of its own.
 */
import { APP_BOOT_ID, type AppBoot } from '../../shared/app-boot.ts';
import { holdTaps } from './held-taps.ts';

/** However slow the pictures, the app starts after this. */
const LONGEST_WAIT_MS = 3000;
/** How long after its pictures have loaded a page waits to hear that one is on screen. */
const NOT_SHOWN_MS = 500;

const settled = (img: HTMLImageElement) =>
  img.complete
    ? Promise.resolve()
    : new Promise<void>((done) => {
        img.addEventListener('load', () => done(), { once: true });
        img.addEventListener('error', () => done(), { once: true });
      });

const after = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Hints added per task: each starts a fetch, and the ~45 of a product page added at once held the
 * main thread for 13 to 37 ms (a long task on a budget phone); a few at a time, the page stays
 * free to answer a tap in between. Each costs 6 to 27 ms at Lighthouse's 4x slowdown, so eight
 * or four at a time still made tasks over the 50 ms that counts as blocking (decision 0035).
 */
const HINTS_PER_TASK = 2;

/**
 * The next task, without the 4 ms a browser waits before the fifth nested timer and after:
 * `scheduler.yield()` where there is one (Chromium), else a message to ourselves.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise<void>((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  });
}

/** After the next frame is painted (or at once in a hidden tab, where frames never come). */
const painted = () => new Promise<void>((done) => {
  requestAnimationFrame(() => setTimeout(done));
  if (document.visibilityState === 'hidden') done();
});

/**
 * Once the first pictures have loaded and one of them is on screen. A frame callback runs before
 * its frame is shown, and the picture may be shown frames later (decoded, composited): code asked
 * for in between shares the line with the picture, and Lighthouse counts it into the page's LCP.
 * Chromium reports the largest picture shown so far (Largest Contentful Paint), which on these
 * pages is one of the first pictures; elsewhere the next frame has to do.
 */
function shown(first: HTMLImageElement[]): Promise<void> {
  const loaded = Promise.all(first.map(settled));
  const reported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
  if (!first.length || !reported) return loaded.then(painted);
  return new Promise<void>((done) => {
    const finish = () => {
      observer.disconnect();
      done();
    };
    const observer = new PerformanceObserver((list) => {
      const on = list.getEntries().some((entry) => first.includes((entry as PerformanceEntry & { element: Element | null }).element as HTMLImageElement));
      if (on) void loaded.then(finish);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // A larger text, or a picture never on screen (the page opened scrolled down, a broken file),
    // gives no such report.
    void loaded.then(painted).then(() => after(NOT_SHOWN_MS)).then(finish);
  });
}

async function start() {
  const boot = JSON.parse(document.getElementById(APP_BOOT_ID)?.textContent ?? 'null') as AppBoot | null;
  if (!boot) return;
  // A shopper who has tapped is waiting for the app, not for the pictures.
  const tapped = new Promise<void>((done) => holdTaps(done));
  const first = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
  await Promise.race([shown(first), after(LONGEST_WAIT_MS), tapped]);
  const hints = boot.modules.map((href) => {
    const hint = document.createElement('link');
    hint.rel = 'modulepreload';
    hint.crossOrigin = '';
    hint.href = href;
    return hint;
  });
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = boot.entry;
  for (let i = 0; i < hints.length; i += HINTS_PER_TASK) {
    document.head.append(...hints.slice(i, i + HINTS_PER_TASK));
    await nextTask();
  }
  document.head.append(entry);
}

void start();

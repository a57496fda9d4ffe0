/** Spec §9 timings and breakpoints, in one place for the screens and their tests. */
export const SEARCH_DEBOUNCE_MS = 300;
export const HERO_INTERVAL_MS = 5000;
export const COLLECTIONS_INTERVAL_MS = 3500;

/** px: below MOBILE the search sits under the navbar; below DESKTOP the hero shows its phone banner. */
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_DESKTOP = 1024;
/** px: below this, Our Collections becomes a slider. */
export const BREAKPOINT_COLLECTIONS_SLIDER = 1200;

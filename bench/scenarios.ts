/**
 * The scenarios, in the order they run, built from the workload chosen at run time.
 *
 * Search and suggestion answers are cached in the app per (catalog version, term), and the version
 * is read from the database on every request. So each search scenario runs twice:
 *  - cached: one term over and over, as when many shoppers search for the same thing; after the
 *    first request only the version read and the product rows are fetched.
 *  - uncached: what a miss costs. Requests go through a rotation of many distinct terms that match
 *    about as many products, and meanwhile the server process bumps catalog_version every
 *    BUMP_INTERVAL_MS (what a busy admin's edits do). The cache could only answer a term if that
 *    same term came round again within one version, i.e. if a whole rotation of requests fitted
 *    into a few milliseconds; the report prints requests per version against the rotation's length
 *    so you can see it did not. (A rotation alone is not enough: the cache holds 1000 entries.
 *    Bumps alone are not enough at high rates: many requests share one version.)
 */
import { REVIEWED_COUNT, REVIEWED_PHOTOS } from './seed-reviews.ts';
import type { CheckoutKind, CheckoutStep, Method } from './messages.ts';
import type { Rotation, Workload } from './workload.ts';

export interface Scenario {
  name: string;
  paths: string[];
  /** A POST with this JSON body (login), and headers such as a signed-in shopper's cookie. */
  post?: unknown;
  /** Per path, in turn with the paths, when the requests are not all GETs (a like set, then taken back). */
  methods?: Method[];
  headers?: Record<string, string>;
  /** Run with the version bumps; the rotation's length is what a cache hit would need to beat. */
  uncached?: Rotation;
  /** Seconds of load before the measured run, when the default (run.ts) is too short for this row. */
  warmupSeconds?: number;
  /** Sent to the bare Node server beside the shop (serve.ts), not to the shop. */
  bare?: boolean;
  /** Sent to the same shop with its photographs in the local S3 (serve.ts, issue 52). */
  bucket?: boolean;
  /**
   * One of the rows a relative budget compares (issue 47): these run in turns, TURNS times each,
   * A B C A B C ..., and each shows its median run, so the machine's drift falls on every side alike.
   */
  inTurns?: boolean;
}

const q = (path: string, term: string) => `${path}?q=${encodeURIComponent(term)}`;

/** The shopper the signed-in scenarios run as (signed up by bench/run.ts before the load). */
export interface BenchShopper {
  email: string;
  password: string;
  cookie: string;
  /** What is in their cart before the load (in stock). */
  cartIds: number[];
  /** An owner's photograph (one width) stored in the folder and in the bucket alike (serve.ts). */
  photo: string;
}

/** Issue 52: one owner's photograph through /images/, from the local folder and from the bucket (the local S3). */
export const PHOTO_FOLDER_NAME = 'photograph via /images/, from the folder';
export const PHOTO_BUCKET_NAME = 'photograph via /images/, from the bucket (local S3)';

export const PIN_CHECK_NAME = 'PIN check on a product page (1,000 PINs)';
/** 5,000 products in turn, more than an app server keeps drawn (src/server/web/kept-pages.ts): each one a first render. */
export const DRAWN_PRODUCT_NAME = 'product page, drawn, first render (5,000 products)';
/**
 * The first render's warm-up. A drawing thread compiles React's code as it draws: in process, a
 * product page cost 4.7 to 4.9 ms of CPU in a thread's first 500 drawings and 2.0 to 2.5 ms after
 * 3,000 (docs/decisions/0037), and on the bench the rate rose all through a 30-second run. Two
 * seconds measured a thread still being compiled, which a shop's server is only in its first
 * minute. Each product comes round again only after 4,999 others, so every page is still a first
 * render (kept-pages.ts keeps 2,000, the least recently used going first).
 */
export const DRAWING_WARMUP_SECONDS = 15;
/**
 * Issue 51: a product page with 200 reviews and 50 photographs, at first render, beside the same
 * for a product with none, in turns, so the rows' difference is the reviews' alone. One product
 * each, so each request names a search term of its own, which the page does not read but the kept
 * pages count as another address (kept-pages.ts keeps 2,000; 5,000 come round in turn): every page
 * is drawn afresh. The reviews' figures and first page are kept by the reviews service while the
 * catalog stands, as in a shop between changes.
 */
export const REVIEWED_PRODUCT_NAME = `product page with ${REVIEWED_COUNT} reviews and ${REVIEWED_PHOTOS} photographs, first render`;
export const UNREVIEWED_PRODUCT_NAME = 'product page with no reviews, first render (the same way)';
const drawnAfresh = (id: number) => Array.from({ length: 5000 }, (_, i) => `/product/${id}?search=r${i}`);
/** The same 20 product pages over and over: drawn once each, then from memory. */
export const KEPT_PRODUCT_NAME = 'product page, drawn, kept (20 products)';
export const DRAWN_LIST_NAME = '/products page, drawn, kept';
/** The same 20 pages' answers, as the shop gave them, replayed by a bare Node server (serve.ts). */
export const BARE_KEPT_NAME = 'bare Node: the same 20 product pages replayed';

/** Issue 47: robots.txt's bytes from a bare Node server, and the shop's smallest answer, the same text. */
export const BARE_NODE_NAME = 'bare Node: robots.txt from http.createServer';
export const SMALLEST_NAME = "the shop's smallest answer: GET /robots.txt";

export const LIST_PATH = '/api/products?offset=0&limit=12';
/** The product list's row: the checkout's rows are printed beside it, and measured against it. */
export const LIST_NAME = 'list page (offset 0, limit 12)';
/**
 * The same list read from the database each time: 1,000 offsets, more than the list cache keeps,
 * in turn. The yardstick for the writes below, which were set against the list when it was read.
 */
export const LIST_READ_NAME = 'list page, read (1,000 offsets in turn)';
const LIST_READ_PATHS = Array.from({ length: 1000 }, (_, i) => `/api/products?offset=${i}&limit=12`);

/** Issue 20's budget: three filters, sorted by price, with every facet's counts. */
const FILTERS = 'fabric=silk,cotton&colour=red&occasion=wedding&sort=price-asc&counts=1';
export const FILTERED_NAME = 'filtered list, 3 filters by price, counted, cached';
export const FILTERED_UNCACHED_NAME = 'filtered list, counted, uncached (4,125 filter sets in turn)';
export const FILTERED_SEARCH_NAME = 'filtered search, 3 filters by price, counted, cached';
export const FILTERED_SEARCH_UNCACHED_NAME = 'filtered search, counted, uncached (4,125 filter sets, each with one of ~300 terms, in turn)';
/** The list's uncached row on a search term: the term's matches known, its filter sets new in turn. */
export const FILTERED_SEARCH_SETS_NAME = 'filtered search, counted, uncached (4,125 filter sets in turn on one term)';
/** What a listing screen asks with nothing chosen: its pages with every facet's counts (issue 20's filter column). */
export const FILTERED_SCREEN_NAME = 'filtered list as a screen asks it: counts, no choice, 10 pages';

/**
 * Every fabric, colour, occasion and order in turn: more sets than the app keeps answers for
 * (src/server/modules/catalog/filtered-lists.ts), so in a cycle each one is gone before it comes round again.
 */
function filterSets(): string[] {
  const fabrics = ['silk', 'silk-cotton', 'cotton', 'linen', 'georgette', 'chiffon', 'crepe', 'organza', 'net', 'velvet', 'rayon'];
  const colours = ['red', 'maroon', 'pink', 'orange', 'yellow', 'green', 'blue', 'purple', 'white', 'beige', 'gold', 'brown', 'grey', 'black', 'multicolour'];
  const occasions = ['festive', 'wedding', 'party', 'daily', 'office'];
  const sorts = ['price-asc', 'price-desc', 'newest', 'popular', 'discount'];
  return fabrics.flatMap((f) => colours.flatMap((c) => occasions.flatMap((o) => sorts.map((s) => `fabric=${f}&colour=${c}&occasion=${o}&sort=${s}&counts=1`))));
}

export function buildScenarios(w: Workload, shopper: BenchShopper): Scenario[] {
  const signedIn = { Cookie: shopper.cookie };
  const search = (t: string) => q('/api/products/search', t);
  const suggest = (t: string) => q('/api/products/suggestions', t);
  const like = (i: number) => `/api/wishlist/${w.productIds[i % w.productIds.length]}`;
  const sets = filterSets();
  return [
    { name: 'ceiling: GET /api/health', paths: ['/api/health'] },
    { name: BARE_NODE_NAME, paths: ['/robots.txt'], bare: true, inTurns: true },
    { name: SMALLEST_NAME, paths: ['/robots.txt'], inTurns: true },
    { name: LIST_NAME, paths: [LIST_PATH] },
    { name: LIST_READ_NAME, paths: LIST_READ_PATHS },
    { name: PHOTO_FOLDER_NAME, paths: [shopper.photo], inTurns: true },
    { name: PHOTO_BUCKET_NAME, paths: [shopper.photo], bucket: true, inTurns: true },
    // Side by side: what a session costs a request (one session lookup), and what a login costs (scrypt).
    { name: 'list page, signed in', paths: [LIST_PATH], headers: signedIn },
    { name: 'session check (signed in)', paths: ['/api/accounts/session'], headers: signedIn },
    { name: 'login (scrypt)', paths: ['/api/accounts/login'], post: { email: shopper.email, password: shopper.password } },
    // The shopper's shelf (a cart of 5 pieces, put there before the load): every write is
    // one shopper transaction under row-level security, and answers with the whole cart.
    { name: 'add to cart (signed in)', paths: ['/api/cart/items'], post: { productId: shopper.cartIds[0] }, headers: signedIn },
    { name: 'read the cart (signed in)', paths: ['/api/cart'], headers: signedIn },
    { name: 'toggle a like (signed in)', paths: [like(1), like(1)], methods: ['PUT', 'DELETE'], headers: signedIn },
    // A like or unlike drops the cached lists that show counts: the read right after it shows it.
    {
      name: 'list page amid likes (1 toggle per read)',
      paths: [LIST_PATH, like(2), LIST_PATH, like(2)],
      methods: ['GET', 'PUT', 'GET', 'DELETE'],
      headers: signedIn,
    },
    { name: `product by id (${w.productIds.length} ids)`, paths: w.productIds.map((id) => `/api/products/${id}`) },
    // Issue 19: whole pages drawn on the server (the API asked in process, React's render, the page around it).
    { name: DRAWN_PRODUCT_NAME, paths: w.productIds.map((id) => `/product/${id}`), warmupSeconds: DRAWING_WARMUP_SECONDS },
    { name: BARE_KEPT_NAME, paths: w.productIds.slice(0, 20).map((id) => `/product/${id}`), bare: true, inTurns: true },
    { name: KEPT_PRODUCT_NAME, paths: w.productIds.slice(0, 20).map((id) => `/product/${id}`), inTurns: true },
    { name: UNREVIEWED_PRODUCT_NAME, paths: drawnAfresh(w.productIds.find((id) => id !== w.reviewedProductId)!), warmupSeconds: DRAWING_WARMUP_SECONDS, inTurns: true },
    { name: REVIEWED_PRODUCT_NAME, paths: drawnAfresh(w.reviewedProductId), warmupSeconds: DRAWING_WARMUP_SECONDS, inTurns: true },
    { name: DRAWN_LIST_NAME, paths: ['/products'], inTurns: true },
    // The product page's delivery answer: the PIN's place, the owner's rule and settings, the piece's price.
    { name: PIN_CHECK_NAME, paths: w.pincodes.map((pin, i) => `/api/delivery?pin=${pin}&product=${w.productIds[i % w.productIds.length]}`) },
    { name: FILTERED_NAME, paths: [`/api/products?${FILTERS}`] },
    { name: FILTERED_SCREEN_NAME, paths: Array.from({ length: 10 }, (_, i) => `/api/products?counts=1&offset=${i * 12}&limit=12`) },
    { name: FILTERED_UNCACHED_NAME, paths: sets.map((f) => `/api/products?${f}`) },
    { name: FILTERED_SEARCH_NAME, paths: [`${search(w.selective.term)}&${FILTERS}`] },
    { name: FILTERED_SEARCH_SETS_NAME, paths: sets.map((f) => `${search(w.selective.term)}&${f}`) },
    {
      name: FILTERED_SEARCH_UNCACHED_NAME,
      // Each term with a filter set of its own, in turn, as the list's uncached row: more terms,
      // answers and pages than the server keeps (filtered-lists.ts), so none is kept, and every
      // card is read. Not under the version bumps, which would also rebuild the filter index
      // every few seconds: no row of the list pays that either.
      paths: sets.map((f, i) => `${search(w.filteredSearchRotation.terms[i % w.filteredSearchRotation.terms.length]!)}&${f}`),
    },
    { name: 'search, selective, cached', paths: [search(w.selective.term)] },
    { name: 'search, selective, uncached', paths: w.selectiveRotation.terms.map(search), uncached: w.selectiveRotation },
    { name: 'search, broad, cached', paths: [search(w.broad.term)] },
    { name: 'search, broad, uncached', paths: w.broadRotation.terms.map(search), uncached: w.broadRotation },
    { name: 'suggestions, cached', paths: [suggest(w.suggestion.term)] },
    { name: 'suggestions, uncached', paths: w.suggestionRotation.terms.map(suggest), uncached: w.suggestionRotation },
  ];
}

/**
 * The checkout at N concurrent shoppers (--checkout-shoppers, default 50), run after the scenarios
 * above by checkout-load.ts, its own closed-loop driver (a purchase chains ids from answer to
 * answer, which autocannon cannot). Each step is a row of the table, printed beside the list page;
 * req/s on every row is purchases per second, completed within the measured window.
 *   create order    = GET /api/checkout/quote + POST /api/checkout/orders
 *   confirm payment = POST /api/checkout/orders/:id/test-payment + POST .../confirm
 * and for the cart, POST /api/cart/items first (the bought line leaves the cart when paid).
 * Cash on Delivery (issue 17), the same shoppers with a piece each that may be paid on delivery:
 *   place order     = GET /api/checkout/quote?address + POST /api/checkout/cod (a purchase in four
 *                     sends the placement twice, as a retry would: one order)
 *   cancel order    = POST /api/orders/:id/cancel (the piece goes back; see checkout-load.ts why)
 */
export interface CheckoutScenario {
  kind: CheckoutKind;
  name: string;
  /** Row names, per step. */
  rows: Partial<Record<CheckoutStep, string>>;
}

export const CHECKOUT_BUY_NOW_CONFIRM = 'checkout, Buy Now: confirm payment';
export const CHECKOUT_CART_CONFIRM = 'checkout, cart: confirm payment';
export const CHECKOUT_COD_PLACE = 'checkout, Cash on Delivery: place order';
export const CHECKOUT_COD_CANCEL = 'checkout, Cash on Delivery: cancel order';
export const CHECKOUT_OFFER_CREATE = 'checkout, Buy Now with offers: create order';
export const CHECKOUT_OFFER_CONFIRM = 'checkout, Buy Now with offers: confirm payment';

export const checkoutScenarios: CheckoutScenario[] = [
  {
    kind: 'buy_now',
    name: 'checkout, Buy Now',
    rows: { create: 'checkout, Buy Now: create order', confirm: CHECKOUT_BUY_NOW_CONFIRM },
  },
  // Right after Buy Now, as like for like as a run allows (the database grows with every purchase);
  // its offers end when it is done, so the checkouts after it buy without them (issue 50).
  {
    kind: 'offer',
    name: 'checkout, Buy Now with offers',
    rows: { create: CHECKOUT_OFFER_CREATE, confirm: CHECKOUT_OFFER_CONFIRM },
  },
  {
    kind: 'cart',
    name: 'checkout, cart',
    rows: { add: 'checkout, cart: add to cart', create: 'checkout, cart: create order', confirm: CHECKOUT_CART_CONFIRM },
  },
  {
    kind: 'cod',
    name: 'checkout, Cash on Delivery',
    rows: { place: CHECKOUT_COD_PLACE, cancel: CHECKOUT_COD_CANCEL },
  },
];

export interface Budget {
  label: string;
  /** Scenario names it applies to (both the cached and the uncached run). */
  scenarios: string[];
  /**
   * p99 in ms; share of the ceiling's req/s in %; `of` another scenario's req/s in %; p99 at most
   * `limit` times `of`'s p99; or `clean`: a checkout with no failed request and every payment
   * settled exactly once (checkout-check.ts; limit unused).
   */
  metric: 'p99' | 'share' | 'relative' | 'p99-times' | 'clean';
  limit: number;
  of?: string;
}

export const budgets: Budget[] = [
  // A shopper's writes are whole transactions under row-level security (several round trips each):
  // floors against the ceiling, so a change that makes them several times dearer shows.
  { label: 'cart read, like toggle >= 8% of ceiling', scenarios: ['read the cart (signed in)', 'toggle a like (signed in)'], metric: 'share', limit: 8 },
  { label: 'add to cart >= 4% of ceiling', scenarios: ['add to cart (signed in)'], metric: 'share', limit: 4 },
  {
    label: 'list amid likes >= 40% of the list read',
    scenarios: ['list page amid likes (1 toggle per read)'],
    metric: 'relative',
    limit: 40,
    of: LIST_READ_NAME,
  },
  // Issue 17's bar: the product page's PIN check answers at once, at 100,000 products.
  { label: 'PIN check p99 <= 20 ms', scenarios: [PIN_CHECK_NAME], metric: 'p99', limit: 20 },
  { label: 'selective search p99 <= 50 ms', scenarios: ['search, selective, cached', 'search, selective, uncached'], metric: 'p99', limit: 50 },
  { label: 'suggestions p99 <= 50 ms', scenarios: ['suggestions, cached', 'suggestions, uncached'], metric: 'p99', limit: 50 },
  { label: 'broad search p99 <= 150 ms', scenarios: ['search, broad, cached', 'search, broad, uncached'], metric: 'p99', limit: 150 },
  // Issue 19: a page drawn on the server, at first render, and kept once drawn.
  { label: 'drawn page, first render p99 <= 150 ms', scenarios: [DRAWN_PRODUCT_NAME, REVIEWED_PRODUCT_NAME], metric: 'p99', limit: 150 },
  // Issue 51's own bar is the line above: a page with 200 reviews meets the first render's p99. This
  // one guards how it got there. Its markup is twice a page's without (the figures, twelve
  // photographs, five reviews), and it draws at 57-62% of that page's rate; asked for after the
  // product instead of beside it, at 41%. 80% was the first aim, missed (docs/decisions/0051).
  { label: 'product page with reviews, first render req/s >= 50% of one without', scenarios: [REVIEWED_PRODUCT_NAME], metric: 'relative', limit: 50, of: UNREVIEWED_PRODUCT_NAME },
  { label: 'drawn page, kept p99 <= 50 ms', scenarios: [KEPT_PRODUCT_NAME, DRAWN_LIST_NAME], metric: 'p99', limit: 50 },
  // Issue 20: a filtered list with every facet's counts, on the shop and on a search term.
  { label: 'filtered list, cached p99 <= 50 ms', scenarios: [FILTERED_NAME, FILTERED_SCREEN_NAME, FILTERED_SEARCH_NAME], metric: 'p99', limit: 50 },
  { label: 'filtered list, uncached p99 <= 150 ms', scenarios: [FILTERED_UNCACHED_NAME, FILTERED_SEARCH_SETS_NAME, FILTERED_SEARCH_UNCACHED_NAME], metric: 'p99', limit: 150 },
  // Issue 47: what every request pays in front of its route, against Node itself and then a kept page against that.
  { label: "smallest answer req/s >= 70% of bare Node", scenarios: [SMALLEST_NAME], metric: 'relative', limit: 70, of: BARE_NODE_NAME },
  { label: 'drawn page, kept req/s >= 50% of the smallest answer', scenarios: [KEPT_PRODUCT_NAME, DRAWN_LIST_NAME], metric: 'relative', limit: 50, of: SMALLEST_NAME },
  // Ours, beside the issue's: what sending a kept page's own bytes costs Node with nothing in front.
  { label: 'drawn page, kept req/s >= 70% of bare Node sending the same answers', scenarios: [KEPT_PRODUCT_NAME], metric: 'relative', limit: 70, of: BARE_KEPT_NAME },
  // Issue 52: a photograph served from the bucket (through /images/) within 10% of the folder's rate.
  { label: 'photograph from the bucket req/s >= 90% of the folder', scenarios: [PHOTO_BUCKET_NAME], metric: 'relative', limit: 90, of: PHOTO_FOLDER_NAME },
  // Issue 19: the list's cache no longer asks the database whether it still stands.
  { label: 'list req/s >= 40% of ceiling', scenarios: [LIST_NAME], metric: 'share', limit: 40 },
  {
    // What a session costs a request (one lookup), against a request that reads the database once.
    label: 'signed-in list req/s >= 90% of the list read',
    scenarios: ['list page, signed in'],
    metric: 'relative',
    limit: 90,
    of: LIST_READ_NAME,
  },
  // The bar for the checkout at 50 shoppers: nothing fails, nothing is paid or mailed twice or lost.
  { label: 'checkout: 0 errors, 0 duplicates', scenarios: [CHECKOUT_BUY_NOW_CONFIRM, CHECKOUT_CART_CONFIRM, CHECKOUT_COD_CANCEL, CHECKOUT_OFFER_CONFIRM], metric: 'clean', limit: 0 },
  // Issue 50's bar: a code and an automatic offer on every order cost at most 20% at p99 (the quote
  // reads the live offers; placing counts each use under its offer's row lock).
  { label: 'create order with offers p99 <= 1.2x without', scenarios: [CHECKOUT_OFFER_CREATE], metric: 'p99-times', limit: 1.2, of: 'checkout, Buy Now: create order' },
  // Relative to the list page's p99 measured in the same run on the same machine, as the other
  // floors are: set with room over what PostgreSQL 15 on 2 busy CPUs measured in three runs (create
  // order 13-21x, confirm 8-13x; the list's p99 itself varied 27-39 ms), so a checkout made about
  // twice as dear shows. Not apples to apples, and not meant
  // to be: a step is two requests of several transactions each (row-level security; the order row
  // locked to settle it, the cart and the mail in the same transaction) at 50 shoppers, against one
  // read at 32 connections; in a closed loop p99 follows shoppers / purchases per second.
  {
    label: 'create order p99 <= 30x list p99',
    // Placing a COD order is the same work as creating an online one, plus its stock, mail and (one
    // purchase in four) the placement sent again: it is held to the same bar.
    scenarios: ['checkout, Buy Now: create order', 'checkout, cart: create order', CHECKOUT_COD_PLACE],
    metric: 'p99-times',
    limit: 30,
    of: LIST_READ_NAME,
  },
  {
    label: 'confirm p99 <= 20x list p99',
    scenarios: [CHECKOUT_BUY_NOW_CONFIRM, CHECKOUT_CART_CONFIRM],
    metric: 'p99-times',
    limit: 20,
    of: LIST_READ_NAME,
  },
];

/** What bench/run.ts and its child processes (prepare.ts, serve.ts, load.ts, checkout-load.ts) say to each other over IPC. */
import type { SeedReport } from './seed.ts';
import type { Workload } from './workload.ts';

export type FromPrepare = { type: 'prepared'; seed: SeedReport; workload: Workload };

/** How often the "busy admin" bumps catalog_version during the uncached scenarios. */
export const BUMP_INTERVAL_MS = 5;

/** Longest wait for the requests a finished scenario left in the server (autocannon hangs up on them). */
export const DRAIN_LIMIT_MS = 600_000;

export type ToServer =
  | { type: 'bump'; on: boolean }
  | { type: 'drain' }
  /** The server process's CPU time so far (every thread: the drawing threads too). */
  | { type: 'cpu' }
  | { type: 'close' }
  /** Count the checkout's orders, payments and confirmation mails (the server holds PGlite's files). */
  | { type: 'audit'; kind: CheckoutKind }
  /** Mark the checkout shoppers' e-mail addresses verified, as their verify links would (Cash on Delivery asks for it). */
  | { type: 'verify'; emailPrefix: string }
  /** Two full collections, then what the main thread keeps alive (issue 53's crafted addresses). */
  | { type: 'memory' }
  /** Issue 50: an automatic order offer and a code with no limits, made by the owner's service (answers the code); or ended. */
  | { type: 'offers'; on: boolean };
/** process.memoryUsage() after the collections, in bytes. */
export interface MemoryReading {
  heapUsed: number;
  external: number;
  rss: number;
}
export type FromServer =
  | { type: 'listening'; port: number; barePort: number; bucketPort: number; photo: string }
  | { type: 'bumped'; bumps: number; ms: number }
  /** Requests still being handled after DRAIN_LIMIT_MS (normally 0), and how long draining took. */
  | { type: 'drained'; inflight: number; ms: number }
  | { type: 'audited'; audit: CheckoutAudit | CodAudit }
  | { type: 'verified'; shoppers: number }
  | { type: 'offers-made'; code: string | null }
  | { type: 'cpu'; micros: number }
  | { type: 'memory'; reading: MemoryReading }
  | { type: 'audit-failed'; message: string };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface LoadRequest {
  type: 'run';
  /** Requests go to these paths in turn (one shared sequence over all connections). */
  paths: string[];
  /** GET unless said; a POST's JSON body and any extra headers (a session cookie). */
  method?: 'GET' | 'POST';
  /** Per path, in turn with the paths, when they differ (a like set, then taken back). */
  methods?: Method[];
  body?: string;
  headers?: Record<string, string>;
  origin: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requests: number;
  /** Every answer, the warm-up's too: what the server's CPU time over the whole run is shared by. */
  answered: number;
  seconds: number;
  reqPerSec: number;
  /** null when no request was answered at all. */
  p50Ms: number | null;
  p99Ms: number | null;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

export type FromLoad = { type: 'result'; result: LoadResult } | { type: 'error'; message: string };

// ---- the checkout scenarios (checkout-load.ts) ----

/**
 * Which checkout: Buy Now's one piece, or the cart's selected lines (orders.source says the same),
 * paid online; or Buy Now paid on delivery (orders.payment_method 'cod'), then cancelled by the
 * shopper, so that no one reaches the owner's limit of open COD orders and the piece goes back;
 * or Buy Now paid online with a code and an automatic offer (issue 50: orders with a discount).
 */
export type CheckoutKind = 'buy_now' | 'cart' | 'cod' | 'offer';

export type ToCheckout =
  /** Sign up the shoppers (a few at a time: scrypt), give each an address and an in-stock piece. */
  | { type: 'setup'; origin: string; shoppers: number; productIds: number[] }
  /** Every shopper buys, purchase after purchase, for warm-up + duration, then finishes what it started. */
  | { type: 'run'; kind: CheckoutKind; durationSeconds: number; warmupSeconds: number }
  /** Issue 50: every shopper applies the code (untimed), as the cart's box would. */
  | { type: 'apply-code'; code: string };

export type FromCheckout =
  | { type: 'ready'; shoppers: number; products: number; codProducts: number; seconds: number; emailPrefix: string }
  | { type: 'checked-out'; result: CheckoutResult }
  | { type: 'code-applied'; shoppers: number }
  | { type: 'error'; message: string };

/** One step of a purchase: the measured run's latencies, and every failure of the whole run. */
export interface StepResult {
  /** Steps answered within the measured window. */
  count: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Thrown (connection errors, 10 s timeouts) and error statuses, warm-up and tail included. */
  errors: number;
  non2xx: number;
}

export type CheckoutStep = 'add' | 'create' | 'confirm' | 'place' | 'cancel';

export interface CheckoutResult {
  kind: CheckoutKind;
  shoppers: number;
  /** The measured window's length. */
  seconds: number;
  /** Purchases whose confirmation was answered 200 within the measured window. */
  purchases: number;
  steps: Partial<Record<CheckoutStep, StepResult>>;
  /** The first few failures, as "step: status message". */
  failures: string[];
  /** Everything the driver did in this run, warm-up and tail included, to hold against the database. */
  ledger: {
    /** Orders answered 201 (distinct ids). */
    ordersCreated: number;
    /** A 201 with an order id seen before (the pending twin of a purchase that did not finish). */
    ordersReused: number;
    /** Confirmations answered 200: [orderId, paymentId]. */
    confirmed: [string, string][];
    /** A 200 confirmation for an order already confirmed once (never expected: one per order). */
    confirmedTwice: number;
    /** A confirmation whose answer named another order or payment than the one sent. */
    confirmMismatch: number;
  };
  /** Cash on Delivery's account of the same, when the kind is 'cod'. */
  cod?: CodLedger;
}

/** What the Cash on Delivery shoppers were answered, warm-up and tail included. */
export interface CodLedger {
  /** Orders placed (201), distinct ids. */
  placed: string[];
  /** A placement sent again with the same key (a retry after a dropped connection), and those answered with another order. */
  retried: number;
  retriedToAnother: number;
  /** Orders whose cancellation was answered 200. */
  cancelled: string[];
}

/** What SQL counts on the throwaway database after the Cash on Delivery scenario. */
export interface CodAudit {
  /** Every COD order: [id, status]. */
  orders: [string, string][];
  /** COD orders whose pieces are not where their state says (placed and not sold, cancelled and not back). */
  misplacedStock: number;
  /** COD orders counted paid (nothing is collected here: must stay 0). */
  paid: number;
  /** Per kind of mail ('cod_confirmation', 'order_cancelled'): orders with none where one is due, with more than one. */
  confirmations: { missing: number; several: number };
  cancellations: { missing: number; several: number };
  /** Mails of either kind naming no COD order. */
  strayMails: number;
  ledgerMismatches: number;
  oversold: number;
}

/** What SQL counts on the throwaway database after a checkout scenario, for one orders.source. */
export interface CheckoutAudit {
  orders: number;
  pending: number;
  paid: number;
  distinctPaymentIds: number;
  /** Payment ids carried by more than one order (orders.payment_id is unique: must stay 0). */
  paymentsOnSeveralOrders: number;
  /** 'order_confirmation' mails naming one of these orders. */
  mails: number;
  paidWithoutMail: number;
  paidWithSeveralMails: number;
  /** A mail whose payment id is not its order's. */
  mailsWithOtherPayment: number;
  /** 'order_confirmation' mails naming no paid order at all (any source). */
  mailsWithoutPaidOrder: number;
  /** The paid orders: [orderId, paymentId]. */
  paidOrders: [string, string][];
  /** Issue 16: orders whose pieces are not where their state says (paid and not sold, pending and not held): must stay 0. */
  lostReservations: number;
  /** Sizes whose count differs from the stock ledger's sum, and sizes below 0 (oversold): must stay 0. */
  ledgerMismatches: number;
  oversold: number;
}

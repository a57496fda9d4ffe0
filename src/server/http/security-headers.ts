/**
 * The security headers on every answer: Hono's secureHeaders (nosniff, frame options, HSTS, ...),
 * a Permissions-Policy that turns off what the shop never uses, and a Content-Security-Policy.
 *
 * Pages get the page policy below with a fresh nonce (set by the HTML route, which writes the same
 * nonce into the page); every other answer (JSON, images, assets, errors) gets one that allows
 * nothing at all, since none of them is a document that should run or embed anything.
 */
import crypto from 'node:crypto';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { photosFromAddress } from '../../shared/images.ts';
import { DRAWN_STYLE_ATTRIBUTES } from '../../shared/style-attributes.ts';

/**
 * Where a page may load things from. Scripts and styles come from our own origin only; no inline
 * script at all. Styles also allow the page's nonce: Radix's dialog (through react-remove-scroll)
 * writes a <style> for its scroll lock at run time, and stamps it with the nonce the page carries
 * (src/web/lib/csp-nonce.ts). Razorpay's checkout (design.md Payments) loads its script from
 * checkout.razorpay.com, opens its frame from api.razorpay.com, and (since 2026) pulls scripts,
 * images and telemetry from other razorpay.com hosts; Razorpay publishes no list, so its own domain
 * is allowed in those four directives (../shared/reference/razorpay.md §3).
 */
const RAZORPAY = 'https://*.razorpay.com';
const PAGE_SOURCES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", RAZORPAY],
  'style-src': ["'self'"],
  'img-src': ["'self'", RAZORPAY],
  'font-src': ["'self'"],
  'connect-src': ["'self'", RAZORPAY],
  'manifest-src': ["'self'"],
  'frame-src': [RAZORPAY],
  'worker-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * Style attributes: only the exact values a drawn page needs (the gallery's zoom at rest), each
 * by its hash. Styles set from script (the CSSOM, as React and the zoom do once live) are not
 * style attributes in markup and need no allowance.
 */
const STYLE_ATTRIBUTE_HASHES = DRAWN_STYLE_ATTRIBUTES.map((v) => `'sha256-${crypto.createHash('sha256').update(v).digest('base64')}'`);

const render = (sources: Record<string, string[]>) =>
  Object.entries(sources)
    .map(([directive, values]) => `${directive} ${values.join(' ')}`)
    .join('; ');

/**
 * The policy of an HTML page whose runtime <style> elements carry `nonce`. `devScripts`: npm run
 * dev only, where Vite's page carries inline scripts of its own (React's hot reload preamble),
 * stamped with the same nonce; a built shop never runs an inline script.
 */
export function pagePolicy(nonce: string, devScripts = false): string {
  return policyPieces(devScripts).join(nonce);
}

/**
 * A page's policy is the same but for its nonce: written once, in the pieces between which each
 * page's nonce goes. Pictures also from the bucket's public address when the owner's photographs
 * are fetched from there (IMAGES_PUBLIC_URL, shared/images.ts): its origin only.
 */
const policyAroundNonce = (devScripts: boolean, photosOrigin: string | null) =>
  render({
    ...PAGE_SOURCES,
    ...(devScripts && { 'script-src': [...PAGE_SOURCES['script-src']!, "'nonce-\0'"] }),
    ...(photosOrigin && { 'img-src': [...PAGE_SOURCES['img-src']!, photosOrigin] }),
    'style-src': [...PAGE_SOURCES['style-src']!, "'nonce-\0'"],
    'style-src-attr': ["'unsafe-hashes'", ...STYLE_ATTRIBUTE_HASHES],
  }).split('\0');
/** Written once per setting (one per server, in practice), keyed by the dev flag and the photographs' address. */
const policiesAroundNonce = new Map<string, string[]>();
const policyPieces = (devScripts: boolean) => {
  const photos = photosFromAddress();
  const key = `${devScripts}|${photos}`;
  let pieces = policiesAroundNonce.get(key);
  if (!pieces) policiesAroundNonce.set(key, (pieces = policyAroundNonce(devScripts, photos ? new URL(photos).origin : null)));
  return pieces;
};

/**
 * 128 random bits, base64: a fresh one for every page. Drawn from a pool filled 256 nonces at a
 * time (as crypto.randomUUID does): one call into the system's generator per page was a tenth of
 * a page kept in memory's cost. Each nonce is still its own 16 bytes, never handed out twice.
 */
const NONCE_BYTES = 16;
const nonces = Buffer.alloc(NONCE_BYTES * 256);
let nextNonce = nonces.length;
export function newNonce(): string {
  if (nextNonce === nonces.length) {
    crypto.randomFillSync(nonces);
    nextNonce = 0;
  }
  nextNonce += NONCE_BYTES;
  return nonces.toString('base64', nextNonce - NONCE_BYTES, nextNonce);
}

/** For answers that are not pages: nothing may run, load, embed or frame them. */
const LOCKED_SOURCES = { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] };
export const LOCKED_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Features a clothes shop never asks the browser for (each `=()`: allowed to no one). */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'displayCapture',
  'encryptedMedia',
  'geolocation',
  'gyroscope',
  'hid',
  'idleDetection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickeyCredentialsGet',
  'screenWakeLock',
  'serial',
  'usb',
  'xrSpatialTracking',
  'browsingTopics',
] as const;
export const PERMISSIONS_POLICY = DENIED_FEATURES.map((f) => `${f.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=()`).join(', ');

/**
 * Hono's secureHeaders, as the shop sets it. `overwrite: false` keeps a header a route has set
 * itself: the page policy with its nonce, set by the HTML route.
 */
const honoSecureHeaders = () =>
  secureHeaders({
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: LOCKED_SOURCES,
    permissionsPolicy: Object.fromEntries(DENIED_FEATURES.map((f) => [f, []])),
    overwrite: false,
  });

/**
 * The headers secureHeaders gives an answer that sets none of its own, asked of it once, so its
 * defaults stay the source. The shop's edge (edge.ts) puts them on every answer a route has not
 * set them on: on Node's own answer before the route runs when on a socket, on the Response after
 * it in process.
 */
export const SECURITY_HEADERS: Promise<[string, string][]> = (async () => {
  const probe = new Hono().use(honoSecureHeaders()).get('/', (c) => c.body(null, 204));
  return [...(await probe.request('/')).headers];
})();

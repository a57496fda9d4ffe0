/**
 * Configuration, validated once at start. A bad value stops the server with a message that names
 * the variable, instead of failing later in some request.
 */
import path from 'node:path';
import { z } from 'zod';
import { STORE } from '../shared/store.ts';
import { DEFAULT_CACHE_MEMORY_MB } from './cache-budget.ts';
import type { S3Settings } from './storage/s3-storage.ts';

const databaseUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), {
    message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
  })
  .refine((v) => URL.canParse(v), { message: 'is not a valid URL' });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: databaseUrl.optional(),
  DATA_DIR: z.string().default('./data'),
  IMAGES_DIR: z.string().optional(),
  /** Where the owner puts folders of photographs to import as products; DATA_DIR/import by default. */
  IMPORT_DIR: z.string().optional(),
  /**
   * Where the store is reachable from outside: canonical links, Open Graph tags, robots.txt, the
   * sitemaps and (later) mails are built from it, never from the request's Host header. An origin
   * only: the shop is served from the root of its address.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be a URL such as https://shop.example.com' })
    .refine((v) => {
      if (!URL.canParse(v)) return true; // z.url() has said so already
      const u = new URL(v);
      return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
    }, { message: 'must be the shop\'s origin only, such as https://shop.example.com (no path, query or credentials)' })
    .optional(),
  /** Where mails go (smtp:// or smtps://user:password@host:port). Unset: into DATA_DIR/outbox, links in the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: 'must be an SMTP URL such as smtps://user:password@smtp.example.com:465' })
    .refine((v) => URL.canParse(v), { message: 'is not a valid URL' })
    .optional(),
  /** The From of the shop's mails; the shop's care address by default (src/shared/store.ts). */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /**
   * Signs the session cookies and the email-verification links: 32 characters or more, the same on
   * every app server. Required in production; in development one is made and kept in DATA_DIR.
   */
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters (try: openssl rand -base64 32)' }).optional(),
  /** design.md: off, a new account signs in at once (and is asked to verify); on, login waits for the mailed link. */
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false']).default('false'),
  /**
   * How many proxies in front of the shop append to X-Forwarded-For (a load balancer: 1). The
   * client's address, which the login limits count by, is read that many entries from the right;
   * 0 (the default) uses the connection's own address and ignores the header, which anyone can send.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** Draw the public pages on the server (issue 19); false sends them undrawn, for the browser to draw. */
  DRAW_ON_SERVER: z.enum(['true', 'false']).default('true'),
  /**
   * What each app server's caches of drawn pages and answers may keep in all, in megabytes
   * (src/server/cache-budget.ts). More keeps more of a big catalog's pages drawn; less suits a
   * small machine.
   */
  CACHE_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(DEFAULT_CACHE_MEMORY_MB),
  /** Skip the demo catalog (a store owner starting from an empty shop). */
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Razorpay (design.md Payments). Without the key pair, the built-in test mode takes no money. */
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_\w+$/, { message: 'must look like rzp_test_... or rzp_live_...' }).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  /** The secret of the webhook set in Razorpay's Dashboard (not the key secret). */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where Razorpay's API is: only tests change it (a local stand-in). */
  RAZORPAY_API_BASE: z.url().optional(),
  /** A shop in production without Razorpay keys must say so: `true` runs the test mode, which takes no money. */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false']).default('false'),
  /**
   * Shiprocket (issue 48): the API user made in its panel (Settings > API), and the token set with
   * the tracking webhook there. All three, or none.
   */
  SHIPROCKET_EMAIL: z.email({ message: 'must be the e-mail of the API user made in Shiprocket (Settings > API)' }).optional(),
  SHIPROCKET_PASSWORD: z.string().min(6).optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(16, { message: 'must be at least 16 characters (try: openssl rand -hex 16)' }).optional(),
  /** Where Shiprocket's API is: only tests change it. */
  SHIPROCKET_API_BASE: z.url().optional(),
  /** Delhivery (issue 48): the API token from its panel (Settings > API Setup), and the secret the shop asks Delhivery to send with each scan push. Both, or none. */
  DELHIVERY_TOKEN: z.string().min(16).optional(),
  DELHIVERY_WEBHOOK_TOKEN: z.string().min(16, { message: 'must be at least 16 characters (try: openssl rand -hex 16)' }).optional(),
  /** https://track.delhivery.com by default; https://staging-express.delhivery.com with a staging token. */
  DELHIVERY_API_BASE: z.url().optional(),
  /** RazorpayX (issue 49): payouts of Cash-on-Delivery refunds to a shopper's UPI ID or bank account. */
  RAZORPAYX_KEY_ID: z.string().min(8).optional(),
  RAZORPAYX_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z.string().regex(/^\d{9,20}$/, { message: 'must be the RazorpayX business account number (digits; Dashboard > My Account & Settings > Banking)' }).optional(),
  RAZORPAYX_API_BASE: z.url().optional(),
  /** WhatsApp order updates (Meta's Cloud API, issue 48): the access token and the sending number's id; approved utility templates named vastra_order_<step>. */
  WHATSAPP_TOKEN: z.string().min(16).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,20}$/, { message: 'must be the numeric id of the WhatsApp sending number' }).optional(),
  WHATSAPP_API_BASE: z.url().optional(),
  /** SMS order updates through MSG91's flow API: the auth key, and each step's template id (mapped there to its DLT template): shipped=...,delivered=... */
  MSG91_AUTH_KEY: z.string().min(8).optional(),
  SMS_TEMPLATES: z
    .string()
    .regex(/^(\w+=[\w-]+)(,\w+=[\w-]+)*$/, { message: 'must be step=templateId pairs, such as shipped=64f0a1,delivered=64f0a2' })
    .optional(),
  MSG91_API_BASE: z.url().optional(),
  /**
   * The local courier (src/server/modules/shipping/local-courier.ts) plays the couriers that have
   * no keys, in development: on by default there, never in production.
   */
  LOCAL_COURIER: z.enum(['true', 'false']).default('true'),
  /** The local courier's port on 127.0.0.1 (the browser tests drive its scans there); any free one by default. */
  LOCAL_COURIER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How often the local courier moves each parcel a step on its own; 0: only when a test asks. */
  LOCAL_COURIER_STEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * An S3-compatible bucket for the shop's files (issue 52), for several app servers: the bucket,
   * its access key pair (all three, or none: a local folder), its region, and for a server other
   * than AWS (R2, Spaces, Garage, SeaweedFS) its address, spoken to path-style.
   */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(3).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(8).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,30}$/, { message: 'must be a region such as ap-south-1 (auto for Cloudflare R2)' }).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be the S3 server\'s address, such as https://<account>.r2.cloudflarestorage.com' }).optional(),
  /**
   * The bucket's public address (issue 52), when pages should fetch the owner's photographs from
   * it (or a CDN in front of it) rather than through the app servers' `/images/`: the address at
   * which the object `products/<name>` is `<IMAGES_PUBLIC_URL>/products/<name>`.
   */
  IMAGES_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be the bucket\'s public address, such as https://photos.example.com' }).optional(),
  // Unset means development, as everywhere in Node: `npm start` on a fresh clone just works.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

/** In production the shop's address is configuration, not something a request may claim. */
const PUBLIC_URL_REQUIRED =
  'PUBLIC_URL: required when NODE_ENV=production. Set it to the address shoppers use, such as https://shop.example.com: ' +
  "links in pages, the sitemap and mails are built from it, never from the request's Host header.";

const AUTH_SECRET_REQUIRED =
  'AUTH_SECRET: required when NODE_ENV=production. Set it to a random string of 32 characters or more ' +
  '(openssl rand -base64 32), the same on every app server: it signs the session cookies and the verification links.';

const SHIPROCKET_INCOMPLETE = 'SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD and SHIPROCKET_WEBHOOK_TOKEN go together: set all three, or none.';
const RAZORPAYX_INCOMPLETE = 'RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET and RAZORPAYX_ACCOUNT_NUMBER go together: set all three, or none.';
const DELHIVERY_INCOMPLETE = 'DELHIVERY_TOKEN and DELHIVERY_WEBHOOK_TOKEN go together: set both, or none.';
const WHATSAPP_INCOMPLETE = 'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together: set both, or none.';
const IMAGES_PUBLIC_URL_ALONE = 'IMAGES_PUBLIC_URL: the bucket\'s public address needs the bucket (S3_BUCKET and its keys); photographs in the local folder are served through /images/.';
const IMAGES_PUBLIC_URL_PLAIN = 'IMAGES_PUBLIC_URL: must be an address with no query or fragment, such as https://photos.example.com or https://cdn.example.com/shop';
const IMAGES_PUBLIC_URL_HTTPS = 'IMAGES_PUBLIC_URL: must begin with https:// in production (a browser does not show an http picture on an https page).';
const S3_INCOMPLETE = 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set all three for a bucket, or none for the local folder.';
const MSG91_INCOMPLETE = 'MSG91_AUTH_KEY and SMS_TEMPLATES go together: set both, or none.';
const RAZORPAY_INCOMPLETE = 'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET go together: set all three, or none for the test mode.';
const RAZORPAY_REQUIRED =
  'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET: required when NODE_ENV=production, or the shop takes no money. ' +
  'To run a production shop in the test mode on purpose, set PAYMENTS_TEST_MODE=true.';

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  imagesDir: string;
  /** The owner's import folders (src/server/modules/admin/import-folders.ts). */
  importDir: string;
  /** Shoppers' photographs of damaged pieces (issue 49): never served as public images. */
  returnPhotosDir: string;
  publicUrl: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where mails are written when there is no SMTP_URL. */
  outboxDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** Unset in development: boot makes one and keeps it in DATA_DIR (src/server/modules/accounts/auth-secret.ts). */
  authSecret: string | undefined;
  requireEmailVerification: boolean;
  trustProxyHops: number;
  /** Public pages come drawn from the server (dist/ssr). */
  drawOnServer: boolean;
  /** What the caches of drawn pages and answers may keep in all (src/server/cache-budget.ts). */
  cacheMemoryMb: number;
  /** Shiprocket's API user and webhook token, or undefined (no Shiprocket account). */
  shiprocket: ShiprocketKeys | undefined;
  /** Delhivery's token and webhook secret, or undefined (no Delhivery account). */
  delhivery: DelhiveryKeys | undefined;
  /** WhatsApp's Cloud API keys, or undefined. */
  whatsapp: { token: string; phoneNumberId: string; apiBase: string | undefined } | undefined;
  /** MSG91's key and each step's SMS template, or undefined. */
  msg91: { authKey: string; templates: Record<string, string>; apiBase: string | undefined } | undefined;
  /** Couriers without keys are played by the local courier (development only). */
  localCourier: boolean;
  localCourierPort: number;
  localCourierStepSeconds: number;
  /** RazorpayX's keys and business account for payouts, or undefined (refunds of COD orders are store credit only). */
  razorpayx: { keyId: string; keySecret: string; accountNumber: string; apiBase: string | undefined } | undefined;
  /** The bucket for the shop's files (several app servers), or undefined: local folders (one machine). */
  s3: S3Settings | undefined;
  /** The bucket's public address, from which pages fetch the owner's photographs (no trailing slash), or undefined: through `/images/`. */
  imagesPublicUrl: string | undefined;
  /** Razorpay's keys, or undefined for the built-in test mode. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiBase: string | undefined } | undefined;
}

export interface ShiprocketKeys {
  email: string;
  password: string;
  webhookToken: string;
  apiBase: string | undefined;
}

export interface DelhiveryKeys {
  token: string;
  webhookToken: string;
  apiBase: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (DATABASE_URL= in a shell) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) throw new ConfigError(`Invalid configuration:\n  ${PUBLIC_URL_REQUIRED}`);
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) throw new ConfigError(`Invalid configuration:\n  ${AUTH_SECRET_REQUIRED}`);
  const keys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET];
  if (keys.some(Boolean) && !keys.every(Boolean)) throw new ConfigError(`Invalid configuration:\n  ${RAZORPAY_INCOMPLETE}`);
  const shiprocket = [e.SHIPROCKET_EMAIL, e.SHIPROCKET_PASSWORD, e.SHIPROCKET_WEBHOOK_TOKEN];
  if (shiprocket.some(Boolean) && !shiprocket.every(Boolean)) throw new ConfigError(`Invalid configuration:\n  ${SHIPROCKET_INCOMPLETE}`);
  if (Boolean(e.WHATSAPP_TOKEN) !== Boolean(e.WHATSAPP_PHONE_NUMBER_ID)) throw new ConfigError(`Invalid configuration:\n  ${WHATSAPP_INCOMPLETE}`);
  if (Boolean(e.MSG91_AUTH_KEY) !== Boolean(e.SMS_TEMPLATES)) throw new ConfigError(`Invalid configuration:\n  ${MSG91_INCOMPLETE}`);
  if (Boolean(e.DELHIVERY_TOKEN) !== Boolean(e.DELHIVERY_WEBHOOK_TOKEN)) throw new ConfigError(`Invalid configuration:\n  ${DELHIVERY_INCOMPLETE}`);
  const payoutKeys = [e.RAZORPAYX_KEY_ID, e.RAZORPAYX_KEY_SECRET, e.RAZORPAYX_ACCOUNT_NUMBER];
  if (payoutKeys.some(Boolean) && !payoutKeys.every(Boolean)) throw new ConfigError(`Invalid configuration:\n  ${RAZORPAYX_INCOMPLETE}`);
  const s3Keys = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) throw new ConfigError(`Invalid configuration:\n  ${S3_INCOMPLETE}`);
  const imagesPublicUrl = e.IMAGES_PUBLIC_URL ? new URL(e.IMAGES_PUBLIC_URL) : undefined;
  if (imagesPublicUrl && !e.S3_BUCKET) throw new ConfigError(`Invalid configuration:\n  ${IMAGES_PUBLIC_URL_ALONE}`);
  if (imagesPublicUrl && (imagesPublicUrl.search || imagesPublicUrl.hash || imagesPublicUrl.username)) throw new ConfigError(`Invalid configuration:\n  ${IMAGES_PUBLIC_URL_PLAIN}`);
  if (imagesPublicUrl?.protocol === 'http:' && e.NODE_ENV === 'production') throw new ConfigError(`Invalid configuration:\n  ${IMAGES_PUBLIC_URL_HTTPS}`);
  if (e.NODE_ENV === 'production' && !e.RAZORPAY_KEY_ID && e.PAYMENTS_TEST_MODE !== 'true') {
    throw new ConfigError(`Invalid configuration:\n  ${RAZORPAY_REQUIRED}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    imagesDir: path.resolve(e.IMAGES_DIR ?? path.join(dataDir, 'images')),
    importDir: path.resolve(e.IMPORT_DIR ?? path.join(dataDir, 'import')),
    returnPhotosDir: path.join(dataDir, 'return-photos'),
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    seedDemo: e.SEED_DEMO === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${STORE.name}" <${STORE.email}>`,
    outboxDir: path.join(dataDir, 'outbox'),
    nodeEnv: e.NODE_ENV,
    authSecret: e.AUTH_SECRET,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION === 'true',
    trustProxyHops: e.TRUST_PROXY_HOPS,
    drawOnServer: e.DRAW_ON_SERVER === 'true',
    cacheMemoryMb: e.CACHE_MEMORY_MB,
    shiprocket: e.SHIPROCKET_EMAIL ? { email: e.SHIPROCKET_EMAIL, password: e.SHIPROCKET_PASSWORD!, webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN!, apiBase: e.SHIPROCKET_API_BASE } : undefined,
    razorpayx: e.RAZORPAYX_KEY_ID ? { keyId: e.RAZORPAYX_KEY_ID, keySecret: e.RAZORPAYX_KEY_SECRET!, accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER!, apiBase: e.RAZORPAYX_API_BASE } : undefined,
    delhivery: e.DELHIVERY_TOKEN ? { token: e.DELHIVERY_TOKEN, webhookToken: e.DELHIVERY_WEBHOOK_TOKEN!, apiBase: e.DELHIVERY_API_BASE } : undefined,
    whatsapp: e.WHATSAPP_TOKEN ? { token: e.WHATSAPP_TOKEN, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!, apiBase: e.WHATSAPP_API_BASE } : undefined,
    msg91: e.MSG91_AUTH_KEY ? { authKey: e.MSG91_AUTH_KEY, templates: Object.fromEntries(e.SMS_TEMPLATES!.split(',').map((pair) => pair.split('=') as [string, string])), apiBase: e.MSG91_API_BASE } : undefined,
    localCourier: e.LOCAL_COURIER === 'true' && e.NODE_ENV !== 'production',
    localCourierPort: e.LOCAL_COURIER_PORT,
    localCourierStepSeconds: e.LOCAL_COURIER_STEP_SECONDS,
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY!, region: e.S3_REGION, ...(e.S3_ENDPOINT && { endpoint: e.S3_ENDPOINT.replace(/\/$/, '') }) }
      : undefined,
    imagesPublicUrl: imagesPublicUrl && (imagesPublicUrl.origin + imagesPublicUrl.pathname).replace(/\/+$/, ''),
    razorpay: e.RAZORPAY_KEY_ID
      ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!, apiBase: e.RAZORPAY_API_BASE }
      : undefined,
  };
}

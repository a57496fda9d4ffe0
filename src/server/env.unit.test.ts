import { describe, expect, it } from 'vitest';
import { DatabaseConnectError, openPostgres } from './db/client.ts';
import { cacheBudget } from './cache-budget.ts';
import { ConfigError, loadConfig } from './env.ts';

const SECRET = 'a-production-secret-of-32-characters-or-more';
const RAZORPAY = { RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123', RAZORPAY_KEY_SECRET: 'key-secret-123', RAZORPAY_WEBHOOK_SECRET: 'hook-secret-123' };

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database in ./data', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.imagesDir).toBe(`${c.dataDir}/images`);
    expect(c.seedDemo).toBe(true);
    // Mails: into ./data/outbox, from the shop's care address.
    expect(c.smtpUrl).toBeUndefined();
    expect(c.outboxDir).toBe(`${c.dataDir}/outbox`);
    expect(c.mailFrom).toBe('"Vastra" <care@vastra.in>');
  });

  it("takes the bucket's settings together, and its public address only with the bucket", () => {
    const bucket = { S3_BUCKET: 'vastra-photos', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-key-123' };
    expect(() => loadConfig({ S3_BUCKET: 'vastra-photos' })).toThrow(/S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(loadConfig(bucket).s3).toMatchObject({ bucket: 'vastra-photos', region: 'us-east-1' });
    expect(loadConfig(bucket).imagesPublicUrl).toBeUndefined();
    expect(loadConfig({ ...bucket, IMAGES_PUBLIC_URL: 'https://photos.example.com/' }).imagesPublicUrl).toBe('https://photos.example.com');
    expect(loadConfig({ ...bucket, IMAGES_PUBLIC_URL: 'https://cdn.example.com/shop//' }).imagesPublicUrl).toBe('https://cdn.example.com/shop');
    expect(() => loadConfig({ IMAGES_PUBLIC_URL: 'https://photos.example.com' })).toThrow(/IMAGES_PUBLIC_URL: the bucket's public address needs the bucket/);
    expect(() => loadConfig({ ...bucket, IMAGES_PUBLIC_URL: 'https://photos.example.com/?x=1' })).toThrow(/IMAGES_PUBLIC_URL: must be an address with no query or fragment/);
    expect(() => loadConfig({ ...bucket, IMAGES_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/IMAGES_PUBLIC_URL: must be the bucket's public address/);
    expect(() => loadConfig({ ...bucket, IMAGES_PUBLIC_URL: 'http://photos.example.com', NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', AUTH_SECRET: SECRET, ...RAZORPAY })).toThrow(
      /IMAGES_PUBLIC_URL: must begin with https:\/\/ in production/,
    );
  });

  it('needs PUBLIC_URL in production, and says so plainly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: '' })).toThrow(ConfigError);
    const c = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com/', AUTH_SECRET: SECRET, ...RAZORPAY });
    expect(c.publicUrl).toBe('https://shop.example.com');
    // Development (the default) takes the request's own origin, once its Host has been checked.
    expect(loadConfig({}).nodeEnv).toBe('development');
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it('needs AUTH_SECRET in production, 32 characters or more', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' })).toThrow(/AUTH_SECRET: required when NODE_ENV=production/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    expect(loadConfig({ AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
    // Development makes its own (boot keeps it in DATA_DIR).
    expect(loadConfig({}).authSecret).toBeUndefined();
  });

  it('takes Razorpay’s three keys together, or none (the test mode), and in production needs them or PAYMENTS_TEST_MODE=true', () => {
    expect(loadConfig({}).razorpay).toBeUndefined();
    expect(loadConfig(RAZORPAY).razorpay).toEqual({ keyId: 'rzp_live_AbCdEf123', keySecret: 'key-secret-123', webhookSecret: 'hook-secret-123', apiBase: undefined });
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc' })).toThrow(/go together/);
    expect(() => loadConfig({ ...RAZORPAY, RAZORPAY_KEY_ID: 'key_abc' })).toThrow(/RAZORPAY_KEY_ID: must look like rzp_test_/);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', AUTH_SECRET: SECRET };
    expect(() => loadConfig(production)).toThrow(/or the shop takes no money/);
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).razorpay).toBeUndefined();
  });

  it('reads REQUIRE_EMAIL_VERIFICATION and TRUST_PROXY_HOPS', () => {
    expect(loadConfig({})).toMatchObject({ requireEmailVerification: false, trustProxyHops: 0 });
    expect(loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'true', TRUST_PROXY_HOPS: '1' })).toMatchObject({ requireEmailVerification: true, trustProxyHops: 1 });
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'yes' })).toThrow(/REQUIRE_EMAIL_VERIFICATION/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('reads CACHE_MEMORY_MB, the caches\' total, and shares it out (issue 53)', () => {
    expect(loadConfig({}).cacheMemoryMb).toBe(128);
    expect(loadConfig({ CACHE_MEMORY_MB: '512' }).cacheMemoryMb).toBe(512);
    for (const bad of ['0', '8', '1.5', 'lots', '-64']) expect(() => loadConfig({ CACHE_MEMORY_MB: bad }), bad).toThrow(/CACHE_MEMORY_MB/);
    const shares = Object.values(cacheBudget(100));
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100 * 1024 * 1024);
    expect(Math.min(...shares)).toBeGreaterThan(5 * 1024 * 1024);
  });

  it.each(['shop.example.com', 'ftp://shop.example.com', 'https://shop.example.com/store', 'https://shop.example.com/?a=1', 'https://user:pw@shop.example.com', 'javascript:alert(1)'])(
    'refuses PUBLIC_URL=%s: an http(s) origin only',
    (url) => {
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(/PUBLIC_URL/);
    },
  );

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL: must be a PostgreSQL URL'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: must be an SMTP URL'],
    [{ SMTP_URL: 'smtp://user name@host' }, 'SMTP_URL'],
  ])('names the variable in a bad configuration (%o)', (env, words) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(words);
  });

  it('says so, within seconds, when DATABASE_URL points at nothing', async () => {
    const started = Date.now();
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const attempt = openPostgres('postgres://shop:secret@127.0.0.1:1/shop');
    await expect(attempt).rejects.toThrow(DatabaseConnectError);
    await expect(attempt).rejects.toThrow(/Could not connect to the database at DATABASE_URL \(127\.0\.0\.1:1\/shop\)/);
    await expect(attempt).rejects.not.toThrow(/secret/);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

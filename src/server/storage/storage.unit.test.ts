/**
 * The storage port (issue 52) in a local folder and in an S3 bucket (the local S3, spoken to by the
 * real `@aws-sdk/client-s3`): the same objects in and out of both; a name written once; the local
 * S3 checks signatures as S3 does; a bucket that cannot be reached or refuses the credentials says
 * at start which setting to fix, in one line; a bucket that fails a write leaves nothing behind.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage } from './folder-storage.ts';
import { startLocalS3, type LocalS3 } from './local-s3.ts';
import { s3Storage, type S3Settings } from './s3-storage.ts';
import { StorageConnectError, StorageUnavailableError, type Storage } from './storage.ts';

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3({ listPage: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const settings = (change: Partial<S3Settings> = {}): S3Settings => ({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, ...change });
const storages: [string, () => Storage][] = [
  ['a local folder', () => folderStorage({ products: path.join(dir, 'images', 'products'), 'return-photos': path.join(dir, 'return-photos') })],
  ['an S3 bucket', () => s3Storage(settings())],
];

describe.each(storages)('in %s', (_, make) => {
  it('keeps an object, finds it, lists it in name order over pages, and removes it', async () => {
    const storage = make();
    await storage.check();
    const photo = Buffer.from('RIFF....WEBPVP8 a photograph');
    for (const name of ['u-3', 'u-1', 'u-2']) await storage.put(`products/${name}.webp`, photo, 'image/webp');
    await storage.put('return-photos/abc.webp', Buffer.from('private'), 'image/webp');
    expect(await storage.get('products/u-1.webp')).toEqual(photo);
    expect(await storage.has('products/u-2.webp')).toBe(true);
    expect(await storage.list('products/')).toEqual(['products/u-1.webp', 'products/u-2.webp', 'products/u-3.webp']);
    await storage.remove('products/u-2.webp');
    await storage.remove('products/u-2.webp');
    expect(await storage.has('products/u-2.webp')).toBe(false);
    expect(await storage.get('products/u-2.webp')).toBeNull();
    expect(await storage.list('products/')).toEqual(['products/u-1.webp', 'products/u-3.webp']);
  });

  it('writes a name once: a second write of it is left alone', async () => {
    const storage = make();
    await storage.put('products/u-once.webp', Buffer.from('first'), 'image/webp');
    await storage.put('products/u-once.webp', Buffer.from('second'), 'image/webp');
    expect(String(await storage.get('products/u-once.webp'))).toBe('first');
  });

  it('refuses a name that is not one of its kinds of file (a bug, never written)', async () => {
    const storage = make();
    for (const bad of ['../etc/passwd', 'products/../x.webp', 'products/.hidden.webp', 'elsewhere/u-1.webp', 'products/U-1.webp']) {
      await expect(storage.put(bad, Buffer.from('x'), 'image/webp'), bad).rejects.toThrow('Not a storage name');
    }
  });
});

describe('an S3 bucket', () => {
  it('is written with a year-long immutable cache and no checksum it was not asked for', async () => {
    await s3Storage(settings()).put('products/u-cache.webp', Buffer.from('x'), 'image/webp');
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/products/u-cache.webp`);
    // Unsigned: the local S3 refuses it, as S3 refuses a private bucket's object to a stranger.
    expect(res.status).toBe(403);
    expect(s3.objects.get('products/u-cache.webp')?.contentType).toBe('image/webp');
  });

  it('says at start which setting to fix, in one line', async () => {
    const refusals: [Partial<S3Settings>, RegExp][] = [
      [{ secretAccessKey: 'not-the-secret' }, /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the bucket "vastra-local" at http:\/\/127\.0\.0\.1:\d+ refused them \(SignatureDoesNotMatch\)\.$/],
      [{ accessKeyId: 'AKIASOMEONEELSE' }, /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: .* refused them \(InvalidAccessKeyId\)\.$/],
      [{ region: 'us-east-1' }, /^S3_REGION: the bucket "vastra-local" is not in us-east-1 \(AuthorizationHeaderMalformed\)\.$/],
      [{ bucket: 'no-such-bucket' }, /^S3_BUCKET: there is no bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+\.$/],
      [{ endpoint: 'http://127.0.0.1:9' }, /^S3_ENDPOINT: could not reach http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)\.$/],
    ];
    for (const [change, line] of refusals) {
      const err = await s3Storage(settings(change)).check().then(() => null, (e: unknown) => e);
      expect(err, JSON.stringify(change)).toBeInstanceOf(StorageConnectError);
      expect((err as Error).message, JSON.stringify(change)).toMatch(line);
    }
    // Nothing was left by the checks that passed as far as the write.
    expect([...s3.objects.keys()].filter((k) => k.startsWith('vastra-check/'))).toEqual([]);
  });

  it('is refused a write while the bucket is down, and nothing is kept; then takes it', async () => {
    const storage = s3Storage(settings());
    s3.failNext(10, 'PUT');
    await expect(storage.put('products/u-down.webp', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    s3.failNext(0);
    expect(s3.objects.has('products/u-down.webp')).toBe(false);
    await storage.put('products/u-down.webp', Buffer.from('x'), 'image/webp');
    expect(s3.objects.has('products/u-down.webp')).toBe(true);
  });
});

describe('the local S3 checks each request as S3 does', () => {
  /** A client whose request is changed after it was signed (what a tampering proxy would do). */
  function tampering(change: (request: { headers: Record<string, string>; body: unknown }) => void) {
    const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }, requestChecksumCalculation: 'WHEN_REQUIRED', maxAttempts: 1 });
    client.middlewareStack.add(
      (next) => async (args) => {
        change((args as unknown as { request: { headers: Record<string, string>; body: unknown } }).request);
        return next(args);
      },
      { step: 'deserialize', name: 'tamperAfterSigning' },
    );
    return client;
  }
  const put = (client: S3Client, key: string) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.from('the real bytes') })).then(() => null, (e: Error) => e.name);

  it('refuses a body changed after signing, a date 20 minutes off, an unsigned host and a streamed upload', async () => {
    expect(await put(tampering((r) => void (r.body = Buffer.from('other bytes!!!'))), 'products/u-t1.webp')).toBe('XAmzContentSHA256Mismatch');
    const old = new Date(Date.now() - 20 * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    expect(await put(tampering((r) => void (r.headers['x-amz-date'] = old)), 'products/u-t2.webp')).toMatch(/RequestTimeTooSkewed|AccessDenied/);
    expect(await put(tampering((r) => void (r.headers.authorization = r.headers.authorization!.replace('host;', ''))), 'products/u-t3.webp')).toBe('AccessDenied');
    expect(await put(tampering((r) => void (r.headers['x-amz-content-sha256'] = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER')), 'products/u-t4.webp')).toBe('NotImplemented');
    expect([...s3.objects.keys()].filter((k) => k.startsWith('products/u-t'))).toEqual([]);
  });
});

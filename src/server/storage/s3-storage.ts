/**
 * The storage in an S3-compatible bucket (AWS S3, Cloudflare R2, DigitalOcean Spaces, a
 * self-hosted Garage or SeaweedFS), through `@aws-sdk/client-s3`'s public commands: one bucket that
 * every app server reads and writes (docs/decisions/0052).
 *
 * Whole buffers only, and checksums only where S3 requires them: since 3.729 the SDK adds a CRC32
 * to every upload by default, and sends a streamed body `aws-chunked`, which several S3-compatible
 * servers refuse (aws-sdk-js-v3#6810). Our objects are photographs of at most a few hundred KB.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import crypto from 'node:crypto';
import { checkedKey, StorageConnectError, StorageUnavailableError, type Storage } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** A server other than AWS (R2, Spaces, Garage, SeaweedFS, the local S3); addressed path-style when set. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The names never change (a new photograph is a new name): a browser or a CDN may keep each for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isNotFound = (err: unknown) => statusOf(err) === 404;

/** Why the bucket refused at start, as one line naming the setting to fix. */
export function settingToFix(err: unknown, s: S3Settings): string {
  const where = s.endpoint ?? `AWS S3 (${s.region})`;
  const status = statusOf(err);
  const code = err instanceof Error ? ((err as { Code?: string }).Code ?? err.name) : String(err);
  if (status === undefined) {
    const cause = (err as { code?: string }).code ?? code;
    return `S3_ENDPOINT: could not reach ${where} (${cause}).`;
  }
  if (code === 'NoSuchBucket' || status === 404) return `S3_BUCKET: there is no bucket "${s.bucket}" at ${where}.`;
  if (code === 'AuthorizationHeaderMalformed' || code === 'PermanentRedirect' || status === 301) return `S3_REGION: the bucket "${s.bucket}" is not in ${s.region} (${code}).`;
  if (status === 403 || code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch') return `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the bucket "${s.bucket}" at ${where} refused them (${code}).`;
  return `S3_BUCKET: the bucket "${s.bucket}" at ${where} answered ${status} ${code}.`;
}

export function s3Storage(s: S3Settings): Storage {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint && { endpoint: s.endpoint, forcePathStyle: true }),
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One retry: a shopper waiting on an upload is told to try again rather than kept waiting.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
  });
  const Bucket = s.bucket;
  /** A failure that is not "no such object" is the bucket's: the caller refuses the request, nothing half-written. */
  const unavailable = (err: unknown): never => {
    throw new StorageUnavailableError(err);
  };
  const has = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) })).then(
      () => true,
      (err: unknown) => (isNotFound(err) ? false : unavailable(err)),
    );
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      if (await has(key)) return;
      try {
        // No `If-None-Match: *`: not every S3-compatible server takes it, and two servers writing one
        // name at once write the same bytes (a name is its content's hash, or a random id).
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: Buffer.from(bytes), ContentType: contentType, CacheControl: IMMUTABLE }));
      } catch (err) {
        unavailable(err);
      }
    },
    async get(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch (err) {
        return isNotFound(err) ? null : unavailable(err);
      }
    },
    has,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) })).catch(unavailable);
    },
    async list(prefix) {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })).catch(unavailable);
        names.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names.sort();
    },
    async check() {
      // A list proves the bucket and the credentials; a write and its removal, that they may write.
      const probe = `vastra-check/${crypto.randomUUID()}`;
      try {
        await client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1 }));
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: Buffer.from('ok'), ContentType: 'text/plain' }));
        await client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
      } catch (err) {
        throw new StorageConnectError(settingToFix(err, s));
      }
    },
  };
}

/**
 * A local S3 (issue 52): an HTTP server on 127.0.0.1 that answers the part of the S3 protocol the
 * shop uses, path-style (`/<bucket>/<key>`): PUT (with `If-None-Match: *`), GET, HEAD, DELETE,
 * ListObjectsV2 and HeadBucket, each signed with AWS Signature Version 4 and checked as S3 checks it
 * (the key, the scope's region, the time, the signed headers, the payload's hash), so the real
 * `@aws-sdk/client-s3` runs in every test and in development. Objects live in memory. Never in
 * production (boot.ts).
 *
 * A streamed upload (`aws-chunked`) is refused: the shop sends whole buffers (s3-storage.ts), which
 * every S3-compatible server takes; a slip into streams fails a test here instead of a shop there.
 */
import crypto from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { keptAliveAsTheShop } from '../http/listen.ts';

export interface LocalS3Object {
  bytes: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
  modified: Date;
}

export interface LocalS3 {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, LocalS3Object>;
  /** Every request answered, as `METHOD key` (the bucket's own as `METHOD /`), for tests that count. */
  requests: string[];
  /** The next `n` requests (of `method`, when given) answer 503 SlowDown, as a busy bucket does. */
  failNext(n: number, method?: string): void;
  /** The bucket answers 503 to everything until turned back on. */
  down(on: boolean): void;
  close(): Promise<void>;
}

const MAX_SKEW_MS = 15 * 60_000;
const LIST_PAGE = 1000;

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const errorXml = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlText(message)}</Message></Error>`;
/** RFC 3986, as SigV4 encodes a query's names and values. */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function bodyOf(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The request's SigV4 signature checked against the secret, as S3 does; a refusal says why in S3's words. */
function checkSignature(req: IncomingMessage, body: Buffer, keys: { accessKeyId: string; secretAccessKey: string; region: string }, now: Date): void {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!auth) throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
  const [, keyId, day, region, signedList, signature] = auth as unknown as [string, string, string, string, string, string];
  if (keyId !== keys.accessKeyId) throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== keys.region) throw new S3Refusal(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${region}' is wrong; expecting '${keys.region}'`);
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!at || !amzDate.startsWith(day)) throw new S3Refusal(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const when = Date.UTC(+at[1]!, +at[2]! - 1, +at[3]!, +at[4]!, +at[5]!, +at[6]!);
  if (Math.abs(when - now.getTime()) > MAX_SKEW_MS) throw new S3Refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  const signed = signedList.split(';');
  for (const must of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!signed.includes(must)) throw new S3Refusal(403, 'AccessDenied', `There were headers present in the request which were not signed: ${must}`);
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash.startsWith('STREAMING-') || req.headers['content-encoding']?.includes('aws-chunked')) throw new S3Refusal(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented (aws-chunked uploads).');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== crypto.createHash('sha256').update(body).digest('hex')) throw new S3Refusal(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");

  const url = new URL(req.url ?? '/', 'http://local');
  const query = [...url.searchParams].map(([k, v]) => [uriEncode(k), uriEncode(v)] as const).sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const headerLines = signed.map((h) => {
    const value = req.headers[h];
    return `${h}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonical = [req.method, url.pathname, query.map(([k, v]) => `${k}=${v}`).join('&'), headerLines.join(''), signedList, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, crypto.createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = hmac(key, toSign);
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new S3Refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
}

/** A checksum the client sent (CRC32, as recent SDKs add) checked against the bytes. */
function checkChecksum(req: IncomingMessage, body: Buffer): void {
  const crc = req.headers['x-amz-checksum-crc32'];
  if (typeof crc !== 'string') return;
  const mine = Buffer.alloc(4);
  mine.writeUInt32BE(zlib.crc32(body));
  if (mine.toString('base64') !== crc) throw new S3Refusal(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
}

/**
 * `publicRead`: prefixes anyone may GET and HEAD without a signature, as a bucket policy allowing
 * `s3:GetObject` on `products/*` does (the bucket's public address, IMAGES_PUBLIC_URL); every
 * other unsigned request is refused 403, as S3 refuses it.
 */
export async function startLocalS3(options: { region?: string; bucket?: string; listPage?: number; publicRead?: string[] } = {}): Promise<LocalS3> {
  const region = options.region ?? 'ap-south-1';
  const bucket = options.bucket ?? 'vastra-local';
  const accessKeyId = 'LOCALS3KEY' + crypto.randomBytes(5).toString('hex').toUpperCase();
  const secretAccessKey = crypto.randomBytes(24).toString('base64url');
  const objects = new Map<string, LocalS3Object>();
  const requests: string[] = [];
  let failing = { n: 0, method: undefined as string | undefined };
  let isDown = false;

  function answer(res: ServerResponse, status: number, headers: Record<string, string | number> = {}, body?: Buffer | string) {
    res.writeHead(status, { 'x-amz-request-id': crypto.randomBytes(8).toString('hex').toUpperCase(), ...headers });
    res.end(body);
  }
  const refuse = (res: ServerResponse, r: S3Refusal, head: boolean) => answer(res, r.status, { 'content-type': 'application/xml' }, head ? undefined : errorXml(r.code, r.message));

  function onObject(req: IncomingMessage, res: ServerResponse, key: string, body: Buffer): void {
    const found = objects.get(key);
    const described = (o: LocalS3Object) => ({
      'content-type': o.contentType,
      'content-length': o.bytes.byteLength,
      etag: o.etag,
      'last-modified': o.modified.toUTCString(),
      ...(o.cacheControl && { 'cache-control': o.cacheControl }),
    });
    switch (req.method) {
      case 'PUT': {
        if (req.headers['if-none-match'] === '*' && found) throw new S3Refusal(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
        checkChecksum(req, body);
        const etag = `"${crypto.createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'application/octet-stream', cacheControl: req.headers['cache-control'], etag, modified: new Date() });
        return answer(res, 200, { etag });
      }
      case 'GET':
      case 'HEAD': {
        if (!found) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.');
        if (req.headers['if-none-match'] === found.etag) return answer(res, 304, { etag: found.etag });
        return answer(res, 200, described(found), req.method === 'GET' ? found.bytes : undefined);
      }
      case 'DELETE':
        objects.delete(key);
        return answer(res, 204);
      default:
        throw new S3Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  function onBucket(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method === 'HEAD') return answer(res, 200);
    if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2') throw new S3Refusal(405, 'MethodNotAllowed', 'Only ListObjectsV2 and HeadBucket are answered here.');
    const prefix = url.searchParams.get('prefix') ?? '';
    const pageSize = options.listPage ?? LIST_PAGE;
    const max = Math.min(Number(url.searchParams.get('max-keys') ?? pageSize) || pageSize, pageSize);
    const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > max;
    const contents = page
      .map((k) => {
        const o = objects.get(k)!;
        return `<Contents><Key>${xmlText(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${xmlText(o.etag)}</ETag><Size>${o.bytes.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${xmlText(page.at(-1)!)}</NextContinuationToken>` : '';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlText(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
    return answer(res, 200, { 'content-type': 'application/xml' }, xml);
  }

  const server = createServer(async (req, res) => {
    const head = req.method === 'HEAD';
    try {
      const body = await bodyOf(req);
      const url = new URL(req.url ?? '/', 'http://local');
      const [, name, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${req.method} ${key || '/'}`);
      if (isDown || (failing.n > 0 && (!failing.method || failing.method === req.method))) {
        if (!isDown) failing.n--;
        throw new S3Refusal(503, 'SlowDown', 'Please reduce your request rate.');
      }
      const readByAnyone = !req.headers.authorization && (req.method === 'GET' || head) && key && options.publicRead?.some((prefix) => key.startsWith(prefix));
      if (!readByAnyone) checkSignature(req, body, { accessKeyId, secretAccessKey, region }, new Date());
      if (name !== bucket) throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (key) onObject(req, res, key, body);
      else onBucket(req, res, url);
    } catch (err) {
      refuse(res, err instanceof S3Refusal ? err : new S3Refusal(500, 'InternalError', (err as Error).message), head);
    }
  });
  keptAliveAsTheShop(server);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext: (n, method) => void (failing = { n, method }),
    down: (on) => void (isDown = on),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Gzip for an answer whose start is the same for many requests and whose short end is not (a kept
 * page and its CSP nonce, src/server/web/zipped-pages.ts): the start is compressed once, the end is
 * added per request uncompressed, so a request costs a copy and a checksum of a few bytes, not a
 * compression of the page (over a third of a kept page's cost, bench/).
 *
 * It is one gzip member (RFC 1952) around one deflate stream (RFC 1951): the start's blocks end on
 * a full flush, which leaves them byte-aligned, unfinished, and referring to nothing outside them;
 * the end follows as a stored block, then the empty final block; the trailer's CRC-32 carries on
 * from the start's, which zlib.crc32 takes as its starting value.
 */
import zlib from 'node:zlib';
import { GZIP_LEVEL } from './compress.ts';

/** What is kept of a start: its compressed blocks, its CRC-32 and its length in bytes. */
export interface ZippedStart {
  blocks: Buffer;
  crc: number;
  length: number;
}

/** ID1, ID2, deflate, no flags, no time, no extra flags, OS Unix: what Node's own gzip writes. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The stream's last block: final and empty. */
const FINAL = zlib.deflateRawSync(Buffer.alloc(0));
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

export function zipStart(start: string): ZippedStart {
  const raw = Buffer.from(start, 'utf8');
  return { blocks: zlib.deflateRawSync(raw, { level: GZIP_LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH }), crc: zlib.crc32(raw), length: raw.length };
}

/** The whole answer as gzip: the start's blocks, then `end` (at most 64 KB), then the trailer. */
export function gzipWithEnd(start: ZippedStart, end: string): Uint8Array<ArrayBuffer> {
  const tail = Buffer.from(end, 'utf8');
  if (tail.length > STORED_MAX) throw new RangeError('an end of more than 64 KB belongs in the start');
  // A stored block: BFINAL 0 and BTYPE 00 in a byte of its own (the start ended on a byte), then
  // its length and the length's complement, little-endian, then the bytes as they are.
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(tail.length, 1);
  stored.writeUInt16LE(~tail.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(tail, start.crc), 0);
  trailer.writeUInt32LE((start.length + tail.length) % 2 ** 32, 4);
  const answer = Buffer.concat([HEADER, start.blocks, stored, tail, FINAL, trailer]);
  return new Uint8Array(answer.buffer as ArrayBuffer, answer.byteOffset, answer.length);
}

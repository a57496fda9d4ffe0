/**
 * Where the shop keeps its files (issue 52, docs/decisions/0052): the owner's photographs, a
 * shopper's return photographs and, later, review photographs. A local folder by default; an
 * S3-compatible bucket when the shop runs on several app servers, so a photograph uploaded through
 * one is shown by every one.
 *
 * An object is written once and never overwritten: its name says what it holds (a hash of the
 * content, or a random id for a private one), so a second write of the same name is the same bytes
 * and is left alone, and a retried write is safe.
 */

import { AppError } from '../http/errors.ts';

/** What a name may look like: one of the kinds of file, then a plain file name (no folders, no dots leading). */
const KEY = /^(products|return-photos|reviews)\/[a-z0-9][a-z0-9-]{0,80}\.(webp|pdf)$/;

export type StorageKind = 'folder' | 's3';

export interface Storage {
  readonly kind: StorageKind;
  /** Writes the object unless one of that name is there already (then it is the same bytes: nothing is written). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** The object gone; one already gone is no matter. */
  remove(key: string): Promise<void>;
  /** The names under a prefix such as `products/`, in name order. */
  list(prefix: string): Promise<string[]>;
  /** At start: the storage answers and takes a write, or a `StorageConnectError` names the setting to fix. */
  check(): Promise<void>;
}

/** A name the storage refuses: a bug in the caller, never a shopper's input (names are made by the shop). */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage name: ${JSON.stringify(key)}`);
  return key;
}

/** The storage could not be reached or refused the write: the shopper or owner is asked to try again, nothing is half-written. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The file storage did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Work on the storage, for a shopper's or owner's request: a storage that did not answer becomes a
 * 503 in the caller's words (asking to try again; the port writes nothing half-way); any other
 * error is left as it was.
 */
export async function askAgainIfDown<T>(work: Promise<T>, words: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw new AppError(503, 'storage_unavailable', words);
    throw err;
  }
}

/** At start: a bucket that cannot be reached or refuses the credentials; the message is one line naming the setting. */
export class StorageConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageConnectError';
  }
}

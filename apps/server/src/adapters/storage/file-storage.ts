// Where uploaded files live (issue 8 "Files stored outside the web root (disk by default,
// S3-compatible storage when configured) ... names never used as paths"). Keys are random and made
// here; a key that is not one of ours is refused before it reaches a path or a URL.
import { randomBytes } from 'node:crypto';

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under the key (a new key from newStorageKey()). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{64}$/;

/** A fresh random key: 256 bits in hex, sharded by its first two characters. */
export function newStorageKey(): string {
  const hex = randomBytes(32).toString('hex');
  return `${hex.slice(0, 2)}/${hex}`;
}

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
}

import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '#server/http/errors.js';

/**
 * A store that cannot answer: the request gets 503 `service_unavailable` and the cause goes to the log
 * (docs/contract.md §3.8). The uploads routes log it; nothing else in the app waits on the store.
 */
export class StorageUnavailableError extends AppError {
  constructor(readonly reason: unknown) {
    super('service_unavailable');
  }
}

/** Keys are ours (never a client's file name): an id, an optional ".thumb", an image or PDF extension. */
export const STORAGE_KEY_PATTERN = /^[a-z0-9-]{8,64}(\.thumb)?\.(webp|jpg|pdf)$/;

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', pdf: 'application/pdf' };

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream';
}

/** Stored files never change: a new upload gets a new key. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long and by whom a stored file may be kept: photos by anyone, for good; a credential PDF is a
 * private document, so only by the browser that fetched it, never by a shared cache (docs/decisions/032).
 */
export function cacheControlOf(contentType: string): string {
  return contentType === 'application/pdf' ? 'private, max-age=31536000, immutable' : IMMUTABLE;
}

export type StoredObject = { body: Readable; contentType: string; size: number };

/**
 * Where photos live (docs/contract.md §1): the local disk is the embedded default; with S3_BUCKET set, an
 * S3-compatible store that every app instance reaches (decision 025). Deleting a missing key is no error.
 */
export interface PhotoStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Lets go of connections when the app closes. */
  close(): void;
}

export function assertKey(key: string) {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

export class LocalDiskStorage implements PhotoStorage {
  constructor(private readonly dir: string) {}

  async put(key: string, data: Buffer) {
    assertKey(key);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, key), data, { flag: 'wx' });
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!STORAGE_KEY_PATTERN.test(key)) return null;
    const path = join(this.dir, key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), contentType: contentTypeOf(key), size };
    } catch {
      return null;
    }
  }

  async delete(key: string) {
    assertKey(key);
    await rm(join(this.dir, key), { force: true });
  }

  close() {}
}

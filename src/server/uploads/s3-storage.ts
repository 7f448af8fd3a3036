import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Config } from '#server/config.js';
import {
  assertKey,
  contentTypeOf,
  cacheControlOf,
  STORAGE_KEY_PATTERN,
  type PhotoStorage,
  StorageUnavailableError,
  type StoredObject,
} from './storage.js';

// Bounded so that a store that is down answers within docs/contract.md §3.8's 15 s: at most two attempts of at
// most 5 s each (2 s of it to connect), and a body that stalls for 10 s mid-stream is cut.
const CONNECTION_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 2;

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

/** Uploads in one bucket of AWS S3, MinIO, Cloudflare R2 or any S3-compatible store (decision 025). */
export class S3PhotoStorage implements PhotoStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      },
      // Checksums only where S3 demands them: several S3-compatible stores refuse the SDK's newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer) {
    assertKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: data,
      ContentLength: data.length,
      ContentType: contentTypeOf(key),
      // The same answer as ours when a CDN or the bucket serves the object directly.
      CacheControl: cacheControlOf(contentTypeOf(key)),
    });
    await unavailableOnFailure(() => this.client.send(command));
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!STORAGE_KEY_PATTERN.test(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: object.Body as Readable, contentType: contentTypeOf(key), size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async delete(key: string) {
    assertKey(key);
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: key });
    await unavailableOnFailure(() => this.client.send(command));
  }

  close() {
    this.client.destroy();
  }
}

import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import type { UploadedDocument } from '#shared/business-profiles.js';
import { PHOTO_MAX_EDGE, THUMBNAIL_EDGE, type UploadedPhoto } from '#shared/jobs.js';
import type { DbOrTx } from '#server/db/client.js';
import type { Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { insertUploads, ownedStorageKeys, type NewUpload } from './queries.js';
import type { PhotoStorage } from './storage.js';

/** Recognised by content, never by extension or the client's content type (docs/contract.md §3). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** About 100 megapixels: larger cameras exist, but a header claiming more is a decompression bomb. */
const MAX_INPUT_PIXELS = 100_000_000;
const URL_PREFIX = '/uploads/';

export type EncodedPhoto = { data: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * Checks that a buffer is a JPEG, PNG, WebP or GIF image and re-encodes it: upright, no metadata
 * (EXIF location included), long edge at most PHOTO_MAX_EDGE, plus a thumbnail. GIFs keep their first frame.
 */
export async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  const metadata = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new AppError('unsupported_media_type');
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw new AppError('payload_too_large');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'outside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { data, thumbnail, width: info.width, height: info.height };
  } catch {
    // The header looked like an image but the pixels do not decode (truncated or corrupt).
    throw new AppError('invalid_photo');
  }
}

export function photoUrl(storageKey: string): string {
  return URL_PREFIX + storageKey;
}

/** The storage key behind one of our photo URLs, or null for anything else. */
export function storageKeyOf(url: string): string | null {
  return url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : null;
}

/**
 * Records uploads, then writes their files (decision 025). A row comes first so that no file is ever in
 * the store without one: if a write fails, or the instance dies half-way, the rows are unreferenced
 * uploads that the sweep removes with whatever was written. Files go out in parallel, so a store that
 * is down costs one timeout, not one per file.
 */
async function recordAndStore(db: DbOrTx, storage: PhotoStorage, rows: NewUpload[], files: Map<string, Buffer>) {
  await insertUploads(db, rows);
  await Promise.all([...files].map(([key, data]) => storage.put(key, data)));
}

/** Writes encoded photos to storage and records them as the user's uploads. */
export async function storePhotos(
  db: DbOrTx,
  storage: PhotoStorage,
  userId: string,
  photos: EncodedPhoto[],
): Promise<UploadedPhoto[]> {
  const stored = photos.map((photo) => {
    const id = randomUUID();
    return { photo, storageKey: `${id}.webp`, thumbnailKey: `${id}.thumb.webp` };
  });
  await recordAndStore(
    db,
    storage,
    stored.map(({ photo, storageKey, thumbnailKey }) => ({
      userId,
      storageKey,
      thumbnailKey,
      contentType: 'image/webp',
      width: photo.width,
      height: photo.height,
      bytes: photo.data.length,
    })),
    new Map(
      stored.flatMap(({ photo, storageKey, thumbnailKey }) => [
        [storageKey, photo.data],
        [thumbnailKey, photo.thumbnail],
      ]),
    ),
  );
  return stored.map(({ photo, storageKey, thumbnailKey }) => ({
    url: photoUrl(storageKey),
    thumbnailUrl: photoUrl(thumbnailKey),
    width: photo.width,
    height: photo.height,
  }));
}

/** @fastify/multipart's limit errors as our refusals. */
function uploadRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return new AppError('too_many_photos');
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large');
  }
  return error;
}

/**
 * POST /api/uploads: every part named `file` is read, checked and re-encoded first; only when all
 * of them pass is anything stored, so a refused request leaves nothing behind.
 */
export async function uploadPhotos(
  ctx: Ctx,
  storage: PhotoStorage,
  files: AsyncIterable<MultipartFile>,
): Promise<UploadedPhoto[]> {
  const encoded: EncodedPhoto[] = [];
  try {
    for await (const part of files) {
      if (part.fieldname !== 'file') throw new AppError('bad_request');
      encoded.push(await encodePhoto(await part.toBuffer()));
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  if (encoded.length === 0) throw new AppError('no_photos');
  return storePhotos(ctx.db, storage, ctx.user.id, encoded);
}

/** The subset of `urls` that are not photos the user uploaded (POST /api/jobs accepts only their own). */
export async function foreignPhotoUrls(db: DbOrTx, userId: string, urls: string[]): Promise<string[]> {
  const keys = urls.map(storageKeyOf).filter((key): key is string => key !== null);
  const ownedUrls = new Set((await ownedStorageKeys(db, userId, keys)).map(photoUrl));
  return urls.filter((url) => !ownedUrls.has(url));
}

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * POST /api/uploads/documents: one credential document, an image (re-encoded like any photo) or a
 * PDF recognised by its magic bytes and stored as it is, served as a download (decision 013).
 */
export async function uploadDocument(
  ctx: Ctx,
  storage: PhotoStorage,
  files: AsyncIterable<MultipartFile>,
): Promise<UploadedDocument> {
  let data: Buffer | null = null;
  try {
    for await (const part of files) {
      if (part.fieldname !== 'file' || data) throw new AppError('bad_request');
      data = await part.toBuffer();
    }
  } catch (error) {
    throw uploadRefusal(error);
  }
  if (!data) throw new AppError('no_photos');
  if (!data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    const [photo] = await storePhotos(ctx.db, storage, ctx.user.id, [await encodePhoto(data)]);
    return { url: photo!.url, contentType: 'image/webp' };
  }
  const storageKey = `${randomUUID()}.pdf`;
  const row = {
    userId: ctx.user.id,
    storageKey,
    thumbnailKey: storageKey,
    contentType: 'application/pdf',
    width: 0,
    height: 0,
    bytes: data.length,
  };
  await recordAndStore(ctx.db, storage, [row], new Map([[storageKey, data]]));
  return { url: photoUrl(storageKey), contentType: 'application/pdf' };
}

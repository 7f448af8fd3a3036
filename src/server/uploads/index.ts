// Object storage (STYLE.md habit 14): app.ts picks the store once and hands it to the routes, the demo
// seed and the sweep; features only see URLs and `foreignPhotoUrls`.
import { join } from 'node:path';
import type { Config } from '#server/config.js';
import { LocalDiskStorage, type PhotoStorage } from './storage.js';

export { uploadRoutes } from './routes.js';
export { sweepUnreferencedUploads } from './sweep.js';
export { encodePhoto, foreignPhotoUrls, storePhotos } from './service.js';
export { StorageUnavailableError, type PhotoStorage } from './storage.js';

/**
 * The bucket when S3_BUCKET is set, else DATA_DIR/uploads (docs/contract.md §1). The AWS SDK loads only for a
 * bucket: an instance on disk (and every test) starts without it.
 */
export async function photoStorageFor(config: Config): Promise<PhotoStorage> {
  if (!config.s3) return new LocalDiskStorage(join(config.dataDir, 'uploads'));
  const { S3PhotoStorage } = await import('./s3-storage.js');
  return new S3PhotoStorage(config.s3);
}

// Object storage (STYLE.md habit 14): app.ts picks the store once and hands it to the routes, the demo
// seed and the sweep; features only see URLs and `foreignPhotoUrls`.
import { join } from 'node:path';
import type { Config } from '#server/config.js';
import { S3PhotoStorage } from './s3-storage.js';
import { LocalDiskStorage, type PhotoStorage } from './storage.js';

export { uploadRoutes } from './routes.js';
export { startUploadSweep } from './sweep.js';
export type { PhotoStorage } from './storage.js';

/** The bucket when S3_BUCKET is set, else DATA_DIR/uploads (DESIGN.md §1). */
export function photoStorageFor(config: Config): PhotoStorage {
  return config.s3 ? new S3PhotoStorage(config.s3) : new LocalDiskStorage(join(config.dataDir, 'uploads'));
}

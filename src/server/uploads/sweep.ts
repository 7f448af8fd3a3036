import type { Db } from '#server/db/client.js';
import { claimUnreferenced, deleteUploads } from './queries.js';
import type { PhotoStorage } from './storage.js';

// The columns the sweep keeps uploads for (queries.ts): a new URL column goes there.
export { UPLOAD_URL_COLUMNS } from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload nothing references is removed once it is this old: time enough to fill in the form it is for. */
export const UNREFERENCED_UPLOAD_MAX_AGE_MS = DAY_MS;
const BATCH_SIZE = 50;

/**
 * Removes every upload that nothing references a day after it was made (decision 025): its files from
 * the store, then its row. An upload whose files could not be deleted keeps its row and is tried again
 * once its claim runs out. Returns the storage keys of the uploads this caller removed.
 */
export async function sweepUnreferencedUploads(
  db: Db,
  storage: PhotoStorage,
  now = new Date(),
  batchSize = BATCH_SIZE,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UNREFERENCED_UPLOAD_MAX_AGE_MS);
  const removed: string[] = [];
  for (;;) {
    const claimed = await claimUnreferenced(db, cutoff, batchSize);
    if (claimed.length === 0) return removed;
    const results = await Promise.allSettled(
      claimed.map(async (upload) => {
        await storage.delete(upload.storageKey);
        if (upload.thumbnailKey !== upload.storageKey) await storage.delete(upload.thumbnailKey);
        return upload;
      }),
    );
    const deleted = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (deleted.length > 0) {
      await deleteUploads(
        db,
        deleted.map((upload) => upload.id),
      );
      removed.push(...deleted.map((upload) => upload.storageKey));
    }
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }
}

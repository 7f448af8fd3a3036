import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '#server/db/client.js';
import { businessProfiles, credentials, jobs, portfolioItems, uploads, users } from '#server/db/schema/index.js';
import type { PhotoStorage } from './storage.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload nothing references is removed once it is this old: time enough to fill in the form it is for. */
export const UNREFERENCED_UPLOAD_MAX_AGE_MS = DAY_MS;
/** A claim older than this belongs to a sweeper that died or gave up; another takes the upload. */
const CLAIM_LEASE = '10 minutes';
const BATCH_SIZE = 50;

/**
 * Every column that holds upload URLs (`/uploads/{key}`). A new one must be added here, or the sweep
 * removes its files; uploads.test.ts fails when a column named like a URL is missing.
 */
export const UPLOAD_URL_COLUMNS: { column: PgColumn; isList: boolean }[] = [
  { column: jobs.photos, isList: true },
  { column: businessProfiles.logoUrl, isList: false },
  { column: businessProfiles.coverImageUrl, isList: false },
  { column: credentials.documentUrl, isList: false },
  { column: portfolioItems.beforeImageUrls, isList: true },
  { column: portfolioItems.afterImageUrls, isList: true },
  { column: portfolioItems.videoUrl, isList: false },
  { column: users.profileImageUrl, isList: false },
];

/** Every upload URL the database refers to, one per row (a list column is unnested). */
function referencedUrls(): SQL {
  const selects = UPLOAD_URL_COLUMNS.map(({ column, isList }) =>
    isList
      ? sql`SELECT unnest(${sql.identifier(column.name)}) AS url FROM ${column.table}`
      : sql`SELECT ${sql.identifier(column.name)} AS url FROM ${column.table}`,
  );
  return sql.join(selects, sql` UNION ALL `);
}

type Claimed = { id: string; storage_key: string; thumbnail_key: string };

/**
 * Claims up to `limit` uploads older than `cutoff` that nothing references. SKIP LOCKED and the claim
 * stamp give each upload to one sweeper, however many instances sweep at once.
 */
async function claimUnreferenced(db: Db, cutoff: Date, limit: number): Promise<Claimed[]> {
  const result = await db.execute(sql`
    WITH referenced AS MATERIALIZED (${referencedUrls()})
    UPDATE uploads SET sweep_claimed_at = now()
    WHERE id IN (
      SELECT u.id FROM uploads u
      WHERE u.created_at < ${cutoff.toISOString()}::timestamptz
        AND (u.sweep_claimed_at IS NULL OR u.sweep_claimed_at < now() - ${CLAIM_LEASE}::interval)
        AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.url = '/uploads/' || u.storage_key)
        AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.url = '/uploads/' || u.thumbnail_key)
      ORDER BY u.created_at
      LIMIT ${limit}
      FOR UPDATE OF u SKIP LOCKED
    )
    RETURNING id, storage_key, thumbnail_key`);
  return rowsOf<Claimed>(result);
}

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
        await storage.delete(upload.storage_key);
        if (upload.thumbnail_key !== upload.storage_key) await storage.delete(upload.thumbnail_key);
        return upload;
      }),
    );
    const deleted = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (deleted.length > 0) {
      await db.delete(uploads).where(
        inArray(
          uploads.id,
          deleted.map((upload) => upload.id),
        ),
      );
      removed.push(...deleted.map((upload) => upload.storage_key));
    }
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }
}

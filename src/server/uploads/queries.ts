import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { param, preparedStatement, type Db, type DbOrTx } from '#server/db/client.js';
import { businessProfiles, credentials, jobs, portfolioItems, uploads, users } from '#server/db/schema/index.js';

// The uploads feature's statements; service.ts and sweep.ts hold the rules.

export type NewUpload = typeof uploads.$inferInsert;

export async function insertUploads(db: DbOrTx, rows: NewUpload[]): Promise<void> {
  await db.insert(uploads).values(rows);
}

/** Which of these storage keys are uploads of `userId`. */
export async function ownedStorageKeys(db: DbOrTx, userId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.storageKey, keys)));
  return rows.map((row) => row.storageKey);
}

/** A claim older than this belongs to a sweeper that died or gave up; another takes the upload. */
const CLAIM_LEASE = '10 minutes';

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

export type Claimed = { id: string; storageKey: string; thumbnailKey: string };

/**
 * Claims up to `limit` uploads older than `cutoff` that nothing references. SKIP LOCKED and the claim
 * stamp give each upload to one sweeper, however many instances sweep at once.
 */
const claimStatement = preparedStatement<Claimed>(
  'uploads_sweep_claim',
  sql`
    WITH referenced AS MATERIALIZED (${referencedUrls()})
    UPDATE uploads SET sweep_claimed_at = now()
    WHERE id IN (
      SELECT u.id FROM uploads u
      WHERE u.created_at < ${param('cutoff')}::timestamptz
        AND (u.sweep_claimed_at IS NULL OR u.sweep_claimed_at < now() - ${CLAIM_LEASE}::interval)
        AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.url = '/uploads/' || u.storage_key)
        AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.url = '/uploads/' || u.thumbnail_key)
      ORDER BY u.created_at
      LIMIT ${param('limit')}::int
      FOR UPDATE OF u SKIP LOCKED
    )
    RETURNING id, storage_key AS "storageKey", thumbnail_key AS "thumbnailKey"`,
);

export const claimUnreferenced = (db: Db, cutoff: Date, limit: number) =>
  claimStatement(db, { cutoff: cutoff.toISOString(), limit });

export async function deleteUploads(db: Db, ids: string[]): Promise<void> {
  await db.delete(uploads).where(inArray(uploads.id, ids));
}

import type { CreateReviewData, Review } from '#shared/projects.js';
import type { DbOrTx } from '#server/db/client.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { insertReview, selectReviewers, type ReviewRow } from './queries.js';
import { refreshRatingSummary } from './ratings.js';

// The reviews of providers are this room's table, beside the ratings computed from them (docs/decisions/015):
// the projects room decides who may review which job and hands the review here.

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    jobId: row.jobId,
    reviewerId: row.reviewerId,
    revieweeId: row.revieweeId,
    rating: row.rating,
    comment: row.comment,
    qualityRating: row.qualityRating,
    timelinessRating: row.timelinessRating,
    communicationRating: row.communicationRating,
    valueRating: row.valueRating,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a review and refreshes the reviewee's rating summary, in the caller's transaction. One review per job and
 * reviewer: a second one loses to reviews_job_reviewer_key (409 already_reviewed).
 */
export async function addReview(
  tx: DbOrTx,
  values: CreateReviewData & { jobId: string; reviewerId: string; revieweeId: string },
): Promise<Review> {
  let row: ReviewRow;
  try {
    row = await insertReview(tx, values);
  } catch (error) {
    if (isUniqueViolation(error, 'reviews_job_reviewer_key')) throw new AppError('already_reviewed');
    throw error;
  }
  await refreshRatingSummary(tx, values.revieweeId);
  return toReview(row);
}

/** Jobs among these that the reviewer has reviewed. */
export async function reviewedJobIds(db: DbOrTx, reviewerId: string, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await selectReviewers(db, jobIds);
  return new Set(rows.filter((r) => r.reviewerId === reviewerId).map((r) => r.jobId));
}

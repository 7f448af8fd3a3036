import type { CreateReviewData, Review } from '#shared/projects.js';
import { refreshRatingSummary } from '#server/business-profiles/index.js';
import type { DbOrTx } from '#server/db/client.js';
import type { Ctx } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { findJobOrFail } from '#server/jobs/index.js';
import { insertReview, selectReviewers, type ReviewRow } from './queries.js';

// The demo seed (db/seed) still imports the ratings from here; they live in business-profiles/ratings.ts.
export { refreshRatingSummary };

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

/** docs/contract.md §3.4, §4.9: the owner reviews the hired provider of a completed job, once. */
export async function createReview(ctx: Ctx, jobId: string, input: CreateReviewData): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const job = await findJobOrFail(tx, jobId, true);
    if (job.customerId !== ctx.user.id) throw new AppError('not_job_owner');
    if (job.status !== 'completed' || !job.hiredProviderId) throw new AppError('job_not_completed');
    let row: ReviewRow;
    try {
      row = await insertReview(tx, {
        jobId: job.id,
        reviewerId: ctx.user.id,
        revieweeId: job.hiredProviderId,
        ...input,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'reviews_job_reviewer_key')) throw new AppError('already_reviewed');
      throw error;
    }
    await refreshRatingSummary(tx, job.hiredProviderId);
    return toReview(row);
  });
}

/** Jobs among these that the caller has reviewed. */
export async function reviewedJobIds(db: DbOrTx, reviewerId: string, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await selectReviewers(db, jobIds);
  return new Set(rows.filter((r) => r.reviewerId === reviewerId).map((r) => r.jobId));
}

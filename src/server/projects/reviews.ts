import type { CreateReviewData, Review } from '#shared/projects.js';
import { addReview } from '#server/business-profiles/index.js';
import type { Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { findJobOrFail } from '#server/jobs/index.js';

/** docs/contract.md §3.4, §4.9: the owner reviews the hired provider of a completed job, once. */
export async function createReview(ctx: Ctx, jobId: string, input: CreateReviewData): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const job = await findJobOrFail(tx, jobId, true);
    if (job.customerId !== ctx.user.id) throw new AppError('not_job_owner');
    if (job.status !== 'completed' || !job.hiredProviderId) throw new AppError('job_not_completed');
    return addReview(tx, { jobId: job.id, reviewerId: ctx.user.id, revieweeId: job.hiredProviderId, ...input });
  });
}

import type { JobStatus } from '#shared/jobs.js';
import { formatMoney } from '#shared/money.js';
import { progressPercentage, type TrackedJob } from '#shared/projects.js';
import { reviewedJobIds } from '#server/business-profiles/index.js';
import { unreadCountsByJob } from '#server/conversations/index.js';
import type { Ctx } from '#server/http/context.js';
import { selectTrackedJobs } from '#server/jobs/index.js';
import { milestoneCounts } from './milestones.js';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * GET /api/jobs/tracking (docs/contract.md §3.4): the caller's own jobs and the jobs they are hired on,
 * newest first, in the spec's Tracked job shape.
 */
export async function listTrackedJobs(ctx: Ctx, status?: JobStatus): Promise<TrackedJob[]> {
  const me = ctx.user.id;
  const rows = await selectTrackedJobs(ctx.db, me, status);

  const ids = rows.map((r) => r.job.id);
  const [unread, progress, reviewed] = await Promise.all([
    unreadCountsByJob(ctx.db, me, ids),
    milestoneCounts(ctx.db, ids),
    reviewedJobIds(ctx.db, me, ids),
  ]);
  return rows.map(({ job, customer: owner, hired: provider, businessName, totalBids }) => {
    const counts = progress.get(job.id) ?? { completed: 0, total: 0 };
    const isOwner = job.customerId === me;
    return {
      id: job.id,
      title: job.title,
      description: job.description,
      status: job.status,
      progressPercentage: progressPercentage(counts.completed, counts.total),
      budgetMin: formatMoney(job.budgetMin),
      budgetMax: formatMoney(job.budgetMax),
      timeline: job.timeline,
      acceptedProvider: provider
        ? { id: provider.id, businessName: businessName ?? null, name: fullName(provider) }
        : null,
      customer: { id: owner.id, name: fullName(owner) },
      unreadMessages: unread.get(job.id) ?? 0,
      // Blind bidding (docs/contract.md §4.5): the count is the owner's to see.
      totalBids: isOwner ? Number(totalBids) : 0,
      isOwner,
      isReviewed: reviewed.has(job.id),
      createdAt: job.createdAt.toISOString(),
      updatedAt: job.updatedAt.toISOString(),
    };
  });
}

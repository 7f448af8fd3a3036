import type { CreateMilestoneInput, Milestone } from '#shared/projects.js';
import type { DbOrTx } from '#server/db/client.js';
import { publishEvents } from '#server/events/index.js';
import type { Ctx } from '#server/http/context.js';
import { isUuid } from '#server/http/ids.js';
import { AppError } from '#server/http/errors.js';
import { findJobOrFail, type JobRow } from '#server/jobs/index.js';
import {
  completeMilestoneRow,
  insertMilestone,
  selectMilestone,
  selectMilestoneCounts,
  selectMilestones,
  type MilestoneRow,
} from './queries.js';

function toMilestone(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    jobId: row.jobId,
    title: row.title,
    status: row.status,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The job for its owner or hired provider; to anyone else it does not exist (404). */
async function findProjectOrFail(db: DbOrTx, ctx: Ctx, jobId: string, lock = false): Promise<JobRow> {
  const job = await findJobOrFail(db, jobId, lock);
  if (job.customerId !== ctx.user.id && job.hiredProviderId !== ctx.user.id) throw new AppError('job_not_found');
  return job;
}

async function notifyProject(tx: DbOrTx, job: JobRow) {
  const data = { jobId: job.id, status: job.status };
  const people = job.hiredProviderId ? [job.customerId, job.hiredProviderId] : [job.customerId];
  await publishEvents(
    tx,
    people.map((userId) => ({ userId, type: 'job.updated', data })),
  );
}

export async function listMilestones(ctx: Ctx, jobId: string): Promise<Milestone[]> {
  const job = await findProjectOrFail(ctx.db, ctx, jobId);
  return (await selectMilestones(ctx.db, job.id)).map(toMilestone);
}

/** docs/contract.md §3.4: the owner adds milestones to an in-progress job. */
export async function addMilestone(ctx: Ctx, jobId: string, input: CreateMilestoneInput): Promise<Milestone> {
  return ctx.db.transaction(async (tx) => {
    const job = await findProjectOrFail(tx, ctx, jobId, true);
    if (job.customerId !== ctx.user.id) throw new AppError('not_job_owner');
    if (job.status !== 'in_progress') throw new AppError('job_not_in_progress');
    const row = await insertMilestone(tx, job.id, input.title);
    await notifyProject(tx, job);
    return toMilestone(row);
  });
}

/** The owner or the hired provider marks a milestone of an in-progress job completed (once). */
export async function completeMilestone(ctx: Ctx, jobId: string, milestoneId: string): Promise<Milestone> {
  return ctx.db.transaction(async (tx) => {
    const job = await findProjectOrFail(tx, ctx, jobId, true);
    if (!isUuid(milestoneId)) throw new AppError('milestone_not_found');
    const row = await selectMilestone(tx, job.id, milestoneId);
    if (!row) throw new AppError('milestone_not_found');
    if (row.status === 'completed') return toMilestone(row);
    if (job.status !== 'in_progress') throw new AppError('job_not_in_progress');
    const updated = await completeMilestoneRow(tx, row.id);
    await notifyProject(tx, job);
    return toMilestone(updated);
  });
}

/** Completed and total milestones per job, for progress bars. */
export async function milestoneCounts(db: DbOrTx, jobIds: string[]) {
  const counts = new Map<string, { completed: number; total: number }>();
  if (jobIds.length === 0) return counts;
  const rows = await selectMilestoneCounts(db, jobIds);
  for (const row of rows) counts.set(row.jobId, { completed: Number(row.completed), total: Number(row.total) });
  return counts;
}

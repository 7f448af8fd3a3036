import type { z } from 'zod';
import type { Category, CreateJobData, Job, JobListQuerySchema } from '#shared/jobs.js';
import type { DbOrTx } from '#server/db/client.js';
import type { Ctx, PublicCtx } from '#server/http/context.js';
import { AppError, validationError } from '#server/http/errors.js';
import { isUuid } from '#server/http/ids.js';
import { translate } from '#server/http/i18n.js';
import { foreignPhotoUrls } from '#server/uploads/index.js';
import { lookupZip } from '#server/zip/index.js';
import {
  insertJob,
  insertLeadFanout,
  jobByIdStatement,
  myJobsAfterStatement,
  myJobsStatement,
  openJobsAfterStatement,
  openJobsStatement,
  selectCategories,
  selectCategory,
  selectJob,
  type JobRow,
} from './queries.js';

type ListQuery = z.output<typeof JobListQuerySchema>;

function fieldError(path: string, key: string) {
  return { path, message: translate(key), code: key };
}

export async function listCategories(ctx: PublicCtx): Promise<Category[]> {
  return selectCategories(ctx.db);
}

/** The values of a list's page: `before` (a job id) reads on from that job, however deep (keyset). */
const pageOf = (ctx: Ctx, query: ListQuery) => ({
  viewerId: ctx.user.id,
  limit: query.limit,
  offset: query.offset,
  before: query.before,
});

/** Open jobs, newest first: what providers browse. */
export async function listOpenJobs(ctx: Ctx, query: ListQuery): Promise<Job[]> {
  return (query.before ? openJobsAfterStatement : openJobsStatement)(ctx.db, pageOf(ctx, query));
}

/** The caller's own jobs in every status, newest first. */
export async function listMyJobs(ctx: Ctx, query: ListQuery): Promise<Job[]> {
  return (query.before ? myJobsAfterStatement : myJobsStatement)(ctx.db, pageOf(ctx, query));
}

/** A malformed id is simply not found (never a 500). */
export function assertJobId(jobId: string) {
  if (!isUuid(jobId)) throw new AppError('job_not_found');
}

/**
 * The job row for other features' rules, or 404 job_not_found. `lock` takes a share lock so the
 * job cannot change status inside the caller's transaction (a bid being placed on it).
 */
export async function findJobOrFail(db: DbOrTx, jobId: string, lock = false): Promise<JobRow> {
  assertJobId(jobId);
  const job = await selectJob(db, jobId, lock);
  if (!job) throw new AppError('job_not_found');
  return job;
}

/** Any logged-in user may read a job. */
export async function getJob(ctx: Ctx, jobId: string): Promise<Job> {
  assertJobId(jobId);
  const [row] = await jobByIdStatement(ctx.db, { viewerId: ctx.user.id, id: jobId });
  if (!row) throw new AppError('job_not_found');
  // A job born of a service request is private to its customer and hired provider (docs/contract.md §4.12).
  const { job, hiredProviderId, serviceRequestId } = row;
  if (serviceRequestId && ![job.customerId, hiredProviderId].includes(ctx.user.id)) {
    throw new AppError('job_not_found');
  }
  return job;
}

/**
 * Spec §5 post job. Anyone logged in may post (a provider can need services too). Photos must be
 * the caller's own uploads; the ZIP's coordinates come from the dataset when it knows the ZIP.
 */
export async function createJob(ctx: Ctx, input: CreateJobData): Promise<Job> {
  const category = await selectCategory(ctx.db, input.categoryId);
  if (!category) throw validationError([fieldError('categoryId', 'jobs:validation_category_required')]);

  const photos = [...new Set(input.photos)];
  if ((await foreignPhotoUrls(ctx.db, ctx.user.id, photos)).length > 0) {
    throw validationError([fieldError('photos', 'jobs:validation_photos_not_uploaded')]);
  }

  const place = lookupZip(input.zipCode);
  const job = await ctx.db.transaction(async (tx) => {
    const job = await insertJob(tx, {
      title: input.title,
      description: input.description,
      categoryId: category.id,
      customerId: ctx.user.id,
      budgetMin: input.budgetMin,
      budgetMax: input.budgetMax,
      zipCode: input.zipCode,
      city: input.city,
      state: input.state,
      county: input.county,
      fullAddress: input.fullAddress,
      location: `${input.city}, ${input.state}`,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      timeline: input.timeline,
      requiresLicense: input.requiresLicense,
      requiresInsurance: input.requiresInsurance,
      requiresReferences: input.requiresReferences,
      photos,
      // The cap in force now stays the job's (docs/contract.md §3.9).
      bidCap: ctx.config.jobBidCap,
    });
    // The alerts leave after the commit (docs/decisions/046): a thousand of them no longer hold this transaction.
    await insertLeadFanout(tx, { jobId: job.id, origin: ctx.origin });
    return job;
  });
  // Read back as every job is read (one mapping from rows to answers).
  const [created] = await jobByIdStatement(ctx.db, { viewerId: ctx.user.id, id: job.id });
  return created!.job;
}

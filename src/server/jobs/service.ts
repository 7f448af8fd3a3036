import { asc, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobMatchedEvent } from '#shared/events.js';
import type { Category, CreateJobData, Job, JobListQuerySchema } from '#shared/jobs.js';
import type { DbOrTx } from '#server/db/client.js';
import { bids, categories, jobs } from '#server/db/schema/index.js';
import type { Ctx, PublicCtx } from '#server/http/context.js';
import { AppError, validationError } from '#server/http/errors.js';
import { isUuid } from '#server/http/ids.js';
import { translate } from '#server/http/i18n.js';
import { providersMatchingJob } from '#server/business-profiles/lead-match.js';
import { publishEvents } from '#server/events/publish.js';
import { enqueueEmails } from '#server/mail/index.js';
import { leadEmail } from '#server/mail/emails.js';
import { foreignPhotoUrls } from '#server/uploads/service.js';
import { lookupZip } from '#server/zip/service.js';

export type JobRow = typeof jobs.$inferSelect;
type JobCategory = NonNullable<Job['category']>;
type JobRecord = { job: JobRow; category: JobCategory | null; bidCount: number | null };
type ListQuery = z.output<typeof JobListQuerySchema>;

export function toJob({ job, category, bidCount }: JobRecord, viewerId: string): Job {
  const isOwner = job.customerId === viewerId;
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    categoryId: job.categoryId,
    category,
    customerId: job.customerId,
    budgetMin: job.budgetMin,
    budgetMax: job.budgetMax,
    zipCode: job.zipCode,
    city: job.city,
    state: job.state,
    county: job.county,
    fullAddress: isOwner ? job.fullAddress : null,
    location: job.location,
    latitude: job.latitude,
    longitude: job.longitude,
    timeline: job.timeline,
    status: job.status,
    requiresLicense: job.requiresLicense,
    requiresInsurance: job.requiresInsurance,
    requiresReferences: job.requiresReferences,
    photos: job.photos,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    bidCount: isOwner ? (bidCount ?? 0) : null,
  };
}

/** Jobs with their category; the bid count only on the viewer's own jobs (DESIGN.md §4.6 sells it to others). */
function selectJobs(db: DbOrTx, viewerId: string | Placeholder) {
  return db
    .select({
      job: jobs,
      category: { id: categories.id, slug: categories.slug, name: categories.name },
      bidCount: sql<number | null>`case when ${jobs.customerId} = ${viewerId}
        then (select count(*)::int from ${bids} where ${bids.jobId} = ${jobs.id}) end`,
    })
    .from(jobs)
    .leftJoin(categories, eq(categories.id, jobs.categoryId));
}

function fieldError(path: string, key: string) {
  return { path, message: translate(key), code: key };
}

export async function listCategories(ctx: PublicCtx): Promise<Category[]> {
  return ctx.db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, icon: categories.icon })
    .from(categories)
    .orderBy(asc(categories.name));
}

/**
 * The hottest reads, built once per database (issue 16): no query building on the request path, and a
 * named prepared statement on PostgreSQL, so the server skips parsing and planning too.
 */
const preparedByDb = new WeakMap<DbOrTx, ReturnType<typeof prepareJobReads>>();

function prepareJobReads(db: DbOrTx) {
  const viewerId = sql.placeholder('viewerId');
  return {
    openList: selectJobs(db, viewerId)
      .where(eq(jobs.status, 'open'))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('jobs_open_list'),
    byId: selectJobs(db, viewerId)
      .where(eq(jobs.id, sql.placeholder('id')))
      .prepare('jobs_by_id'),
  };
}

function jobReads(db: DbOrTx) {
  let reads = preparedByDb.get(db);
  if (!reads) preparedByDb.set(db, (reads = prepareJobReads(db)));
  return reads;
}

/** Open jobs, newest first: what providers browse. */
export async function listOpenJobs(ctx: Ctx, query: ListQuery): Promise<Job[]> {
  const rows = await jobReads(ctx.db).openList.execute({
    viewerId: ctx.user.id,
    limit: query.limit,
    offset: query.offset,
  });
  return rows.map((row) => toJob(row, ctx.user.id));
}

/** The caller's own jobs in every status, newest first. */
export async function listMyJobs(ctx: Ctx, query: ListQuery): Promise<Job[]> {
  const rows = await selectJobs(ctx.db, ctx.user.id)
    .where(eq(jobs.customerId, ctx.user.id))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => toJob(row, ctx.user.id));
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
  const query = db.select().from(jobs).where(eq(jobs.id, jobId));
  const [job] = lock ? await query.for('share') : await query;
  if (!job) throw new AppError('job_not_found');
  return job;
}

/** Any logged-in user may read a job. */
export async function getJob(ctx: Ctx, jobId: string): Promise<Job> {
  assertJobId(jobId);
  const [row] = await jobReads(ctx.db).byId.execute({ viewerId: ctx.user.id, id: jobId });
  if (!row) throw new AppError('job_not_found');
  // A job born of a service request is private to its customer and hired provider (DESIGN.md §4.12).
  const { job } = row;
  if (job.serviceRequestId && ![job.customerId, job.hiredProviderId].includes(ctx.user.id)) {
    throw new AppError('job_not_found');
  }
  return toJob(row, ctx.user.id);
}

/**
 * Spec §5 post job. Anyone logged in may post (a provider can need services too). Photos must be
 * the caller's own uploads; the ZIP's coordinates come from the dataset when it knows the ZIP.
 */
/**
 * Lead alerts (DESIGN.md §3.7): every provider the job is a lead for gets a job.matched event and one
 * email (a unique key per job and provider), in the transaction that posts the job; never its owner.
 */
async function alertMatchingProviders(
  ctx: Ctx,
  job: typeof jobs.$inferSelect,
  category: { slug: string; name: string },
): Promise<void> {
  if (job.categoryId === null) return;
  const providers = await providersMatchingJob(ctx.db, {
    zipCode: job.zipCode,
    categoryId: job.categoryId,
    customerId: job.customerId,
  });
  if (providers.length === 0) return;
  const event: JobMatchedEvent = {
    job: {
      id: job.id,
      title: job.title,
      city: job.city,
      state: job.state,
      zipCode: job.zipCode,
      categoryId: job.categoryId,
    },
  };
  await publishEvents(
    ctx.db,
    providers.map((provider) => ({ userId: provider.id, type: 'job.matched' as const, data: event })),
  );
  await enqueueEmails(
    ctx.db,
    providers.map((provider) => ({
      config: ctx.config,
      to: provider,
      origin: ctx.origin,
      kind: 'leads' as const,
      dedupeKey: `lead:${job.id}:${provider.id}`,
      content: leadEmail(provider.language === 'es' ? 'es' : 'en', {
        jobId: job.id,
        title: job.title,
        category,
        city: job.city,
        state: job.state,
        zipCode: job.zipCode,
        budgetMin: job.budgetMin,
        budgetMax: job.budgetMax,
      }),
    })),
  );
}

export async function createJob(ctx: Ctx, input: CreateJobData): Promise<Job> {
  const [category] = await ctx.db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw validationError([fieldError('categoryId', 'jobs:validation_category_required')]);

  const photos = [...new Set(input.photos)];
  if ((await foreignPhotoUrls(ctx.db, ctx.user.id, photos)).length > 0) {
    throw validationError([fieldError('photos', 'jobs:validation_photos_not_uploaded')]);
  }

  const place = lookupZip(input.zipCode);
  const job = await ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(jobs)
      .values({
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
      })
      .returning();
    await alertMatchingProviders({ ...ctx, db: tx }, job!, category);
    return job!;
  });
  return toJob({ job, category, bidCount: 0 }, ctx.user.id);
}

import { asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobMatchedEvent } from '#shared/events.js';
import type { Category, CreateJobData, Job, JobListQuerySchema } from '#shared/jobs.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
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
type ListQuery = z.output<typeof JobListQuerySchema>;

/**
 * Every job read selects these columns, in the order jobFromRow reads them. What depends on who reads is
 * decided here: the full address and the bid count only for the job's owner (docs/contract.md §4.6 sells the count
 * to others).
 */
const jobColumns = (viewerId: Placeholder) => sql`${jobs.id}, ${jobs.title}, ${jobs.description},
  ${jobs.categoryId}, ${categories.id}, ${categories.slug}, ${categories.name}, ${jobs.customerId},
  ${jobs.budgetMin}, ${jobs.budgetMax}, ${jobs.zipCode}, ${jobs.city}, ${jobs.state}, ${jobs.county},
  case when ${jobs.customerId} = ${viewerId} then ${jobs.fullAddress} end, ${jobs.location}, ${jobs.latitude},
  ${jobs.longitude}, ${jobs.timeline}, ${jobs.status}, ${jobs.requiresLicense}, ${jobs.requiresInsurance},
  ${jobs.requiresReferences}, ${jobs.photos}, ${jobs.createdAt}, ${jobs.updatedAt},
  case when ${jobs.customerId} = ${viewerId}
    then (select count(*)::int from ${bids} where ${bids.jobId} = ${jobs.id}) end`;
const jobsFrom = sql`from ${jobs} left join ${categories} on ${categories.id} = ${jobs.categoryId}`;

/** PostgreSQL's text of a timestamptz, as an ISO string (the precision Date keeps: milliseconds). */
const isoTimestamp = (text: string) => new Date(text).toISOString();

/** The values of jobColumns, in their order (timestamps as PostgreSQL's text). */
type JobColumnValues = [
  id: string,
  title: string,
  description: string,
  categoryId: number | null,
  cId: number | null,
  cSlug: string,
  cName: string,
  customerId: string,
  budgetMin: string | null,
  budgetMax: string | null,
  zipCode: string,
  city: string,
  state: string,
  county: string | null,
  fullAddress: string | null,
  location: string,
  latitude: number | null,
  longitude: number | null,
  timeline: Job['timeline'],
  status: Job['status'],
  requiresLicense: boolean,
  requiresInsurance: boolean,
  requiresReferences: boolean,
  photos: string[],
  createdAt: string,
  updatedAt: string,
  bidCount: number | null,
];
const JOB_COLUMN_COUNT = 27 satisfies JobColumnValues['length'];

/** A job read by jobColumns, straight from the driver's values into the answer's shape. */
function jobFromRow(row: unknown[]): Job {
  const r = row as JobColumnValues;
  return {
    id: r[0],
    title: r[1],
    description: r[2],
    categoryId: r[3],
    category: r[4] === null ? null : { id: r[4], slug: r[5], name: r[6] },
    customerId: r[7],
    budgetMin: r[8],
    budgetMax: r[9],
    zipCode: r[10],
    city: r[11],
    state: r[12],
    county: r[13],
    fullAddress: r[14],
    location: r[15],
    latitude: r[16],
    longitude: r[17],
    timeline: r[18],
    status: r[19],
    requiresLicense: r[20],
    requiresInsurance: r[21],
    requiresReferences: r[22],
    photos: r[23],
    createdAt: isoTimestamp(r[24]),
    updatedAt: isoTimestamp(r[25]),
    bidCount: r[26],
  };
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
 * The job reads, each a named prepared statement (issue 16: no query building on the request path, and
 * PostgreSQL skips parsing and planning too) whose rows become answers directly (decision 028).
 */
const openListStatement = preparedStatement(
  'jobs_open_list',
  sql`select ${jobColumns(param('viewerId'))} ${jobsFrom} where ${jobs.status} = 'open'
      order by ${jobs.createdAt} desc, ${jobs.id} desc limit ${param('limit')} offset ${param('offset')}`,
  jobFromRow,
);
const mineStatement = preparedStatement(
  'jobs_mine',
  sql`select ${jobColumns(param('viewerId'))} ${jobsFrom} where ${jobs.customerId} = ${param('viewerId')}
      order by ${jobs.createdAt} desc, ${jobs.id} desc limit ${param('limit')} offset ${param('offset')}`,
  jobFromRow,
);
/** One job, with who may see it when it was born of a service request. */
const byIdStatement = preparedStatement(
  'jobs_by_id',
  sql`select ${jobColumns(param('viewerId'))}, ${jobs.hiredProviderId}, ${jobs.serviceRequestId} ${jobsFrom}
      where ${jobs.id} = ${param('id')}`,
  (row) => ({
    job: jobFromRow(row),
    hiredProviderId: row[JOB_COLUMN_COUNT] as string | null,
    serviceRequestId: row[JOB_COLUMN_COUNT + 1] as string | null,
  }),
);

/** Open jobs, newest first: what providers browse. */
export async function listOpenJobs(ctx: Ctx, query: ListQuery): Promise<Job[]> {
  return openListStatement(ctx.db, { viewerId: ctx.user.id, limit: query.limit, offset: query.offset });
}

/** The caller's own jobs in every status, newest first. */
export async function listMyJobs(ctx: Ctx, query: ListQuery): Promise<Job[]> {
  return mineStatement(ctx.db, { viewerId: ctx.user.id, limit: query.limit, offset: query.offset });
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
  const [row] = await byIdStatement(ctx.db, { viewerId: ctx.user.id, id: jobId });
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
/**
 * Lead alerts (docs/contract.md §3.7): every provider the job is a lead for gets a job.matched event and one
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
  // Read back as every job is read (one mapping from rows to answers).
  const [created] = await byIdStatement(ctx.db, { viewerId: ctx.user.id, id: job.id });
  return created!.job;
}

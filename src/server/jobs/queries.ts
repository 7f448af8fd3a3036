import { and, asc, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BID_SEATS, type SeatTier } from '#shared/bid-rules.js';
import { JOB_LIST_LIMIT, type Category, type Job, type JobStatus } from '#shared/jobs.js';
import { columnList } from '#server/db/columns.js';
import { pagedStatement, param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import { bids, businessProfiles, categories, jobs, leadFanouts, users } from '#server/db/schema/index.js';

// The jobs room's statements and the rows → answers of its reads (docs/decisions/028-rows-straight-to-answers.md).
// The job reads run on every request: each is a named prepared statement (decision 018).

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

const viewerId = param('viewerId');

/** A job row's values: the answer's own, the category's three columns, and timestamps as PostgreSQL's text. */
type JobColumnValues = Omit<Job, 'category' | 'createdAt' | 'updatedAt' | 'seats'> & {
  blockBidCount: number;
  bustBidCount: number;
  cId: number | null;
  cSlug: string;
  cName: string;
  createdAt: string;
  updatedAt: string;
};
/**
 * Every job read selects these columns, and jobFromRow reads them by name. What depends on who reads is decided
 * here: the full address only for the job's owner. The bid count and the seats taken are every signed-in
 * viewer's (docs/contract.md §3.9), read from the job's own counters. Timestamps arrive as PostgreSQL's text.
 */
const jobColumns = columnList<JobColumnValues>({
  id: jobs.id,
  title: jobs.title,
  description: jobs.description,
  categoryId: jobs.categoryId,
  cId: categories.id,
  cSlug: categories.slug,
  cName: categories.name,
  customerId: jobs.customerId,
  budgetMin: jobs.budgetMin,
  budgetMax: jobs.budgetMax,
  zipCode: jobs.zipCode,
  city: jobs.city,
  state: jobs.state,
  county: jobs.county,
  fullAddress: sql`case when ${jobs.customerId} = ${viewerId} then ${jobs.fullAddress} end`,
  location: jobs.location,
  latitude: jobs.latitude,
  longitude: jobs.longitude,
  timeline: jobs.timeline,
  status: jobs.status,
  requiresLicense: jobs.requiresLicense,
  requiresInsurance: jobs.requiresInsurance,
  requiresReferences: jobs.requiresReferences,
  photos: jobs.photos,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  bidCount: jobs.bidCount,
  bidCap: jobs.bidCap,
  blockBidCount: jobs.blockBidCount,
  bustBidCount: jobs.bustBidCount,
});
/** For the test that holds the list to what the statements select. */
export const JOB_COLUMN_NAMES = jobColumns.names;
const jobsFrom = sql`from ${jobs} left join ${categories} on ${categories.id} = ${jobs.categoryId}`;

/** A premium tier's seats on a job with this cap: none to speak of with no cap, never more than the cap. */
const seatMax = (bidCap: number | null, tier: SeatTier) => (bidCap === null ? null : Math.min(bidCap, BID_SEATS[tier]));

/** PostgreSQL's text of a timestamptz, as an ISO string (the precision Date keeps: milliseconds). */
const isoTimestamp = (text: string) => new Date(text).toISOString();

/** A job read by jobColumns, straight from the driver's values into the answer's shape. */
function jobFromRow(r: unknown[]): Job {
  const read = jobColumns.read;
  const categoryId = read(r, 'cId');
  const bidCap = read(r, 'bidCap');
  return {
    id: read(r, 'id'),
    title: read(r, 'title'),
    description: read(r, 'description'),
    categoryId: read(r, 'categoryId'),
    category: categoryId === null ? null : { id: categoryId, slug: read(r, 'cSlug'), name: read(r, 'cName') },
    customerId: read(r, 'customerId'),
    budgetMin: read(r, 'budgetMin'),
    budgetMax: read(r, 'budgetMax'),
    zipCode: read(r, 'zipCode'),
    city: read(r, 'city'),
    state: read(r, 'state'),
    county: read(r, 'county'),
    fullAddress: read(r, 'fullAddress'),
    location: read(r, 'location'),
    latitude: read(r, 'latitude'),
    longitude: read(r, 'longitude'),
    timeline: read(r, 'timeline'),
    status: read(r, 'status'),
    requiresLicense: read(r, 'requiresLicense'),
    requiresInsurance: read(r, 'requiresInsurance'),
    requiresReferences: read(r, 'requiresReferences'),
    photos: read(r, 'photos'),
    createdAt: isoTimestamp(read(r, 'createdAt')),
    updatedAt: isoTimestamp(read(r, 'updatedAt')),
    bidCount: read(r, 'bidCount'),
    bidCap,
    seats: {
      block: { taken: read(r, 'blockBidCount'), max: seatMax(bidCap, 'block') },
      bust: { taken: read(r, 'bustBidCount'), max: seatMax(bidCap, 'bust') },
    },
  };
}

/** Open jobs, newest first, a page. Values: viewerId, limit, offset. */
export const openJobsStatement = pagedStatement(
  'jobs_open_list',
  (page) => sql`select ${jobColumns.sql} ${jobsFrom} where ${jobs.status} = 'open'
      order by ${jobs.createdAt} desc, ${jobs.id} desc ${page}`,
  jobFromRow,
  JOB_LIST_LIMIT,
);

/**
 * The jobs after `before` in a list's order (newest first): a keyset on (created_at, id), so a page deep in the
 * list costs what the first does. An id that is no job gives no anchor, so an empty page.
 */
const afterAnchor = sql`(${jobs.createdAt}, ${jobs.id}) < (select a.created_at, a.id from ${jobs} a where a.id = ${param('before')})`;

/** Open jobs after `before`. Values: viewerId, before, limit, offset. */
export const openJobsAfterStatement = pagedStatement(
  'jobs_open_list_after',
  (page) => sql`select ${jobColumns.sql} ${jobsFrom} where ${jobs.status} = 'open' and ${afterAnchor}
      order by ${jobs.createdAt} desc, ${jobs.id} desc ${page}`,
  jobFromRow,
  JOB_LIST_LIMIT,
);

/** The viewer's own jobs in every status, newest first, a page. Values: viewerId, limit, offset. */
export const myJobsStatement = pagedStatement(
  'jobs_mine',
  (page) => sql`select ${jobColumns.sql} ${jobsFrom} where ${jobs.customerId} = ${viewerId}
      order by ${jobs.createdAt} desc, ${jobs.id} desc ${page}`,
  jobFromRow,
  JOB_LIST_LIMIT,
);

/** The viewer's own jobs after `before`. Values: viewerId, before, limit, offset. */
export const myJobsAfterStatement = pagedStatement(
  'jobs_mine_after',
  (page) => sql`select ${jobColumns.sql} ${jobsFrom} where ${jobs.customerId} = ${viewerId} and ${afterAnchor}
      order by ${jobs.createdAt} desc, ${jobs.id} desc ${page}`,
  jobFromRow,
  JOB_LIST_LIMIT,
);

/** One job, with who may see it when it was born of a service request. Values: viewerId, id. */
export const jobByIdStatement = preparedStatement(
  'jobs_by_id',
  sql`select ${jobColumns.sql}, ${jobs.hiredProviderId}, ${jobs.serviceRequestId} ${jobsFrom}
      where ${jobs.id} = ${param('id')}`,
  (row) => ({
    job: jobFromRow(row),
    hiredProviderId: row[jobColumns.count] as string | null,
    serviceRequestId: row[jobColumns.count + 1] as string | null,
  }),
);

export function selectCategories(db: DbOrTx): Promise<Category[]> {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, icon: categories.icon })
    .from(categories)
    .orderBy(asc(categories.name));
}

export async function selectCategory(
  db: DbOrTx,
  id: number,
): Promise<Pick<Category, 'id' | 'slug' | 'name'> | undefined> {
  const [category] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.id, id));
  return category;
}

/** The job's row; `lock` share-locks it until the caller's transaction ends. */
export async function selectJob(db: DbOrTx, jobId: string, lock: boolean): Promise<JobRow | undefined> {
  const query = db.select().from(jobs).where(eq(jobs.id, jobId));
  const [job] = lock ? await query.for('share') : await query;
  return job;
}

export async function insertJob(db: DbOrTx, values: NewJob): Promise<JobRow> {
  const [job] = await db.insert(jobs).values(values).returning();
  return job!;
}

// A posted job's lead alerts, sent after its post commits (docs/decisions/046-lead-fanout-after-commit.md).

/** The NOTIFY channel of new fan-outs: every instance's lead worker LISTENs and runs at once (background/loops.ts). */
export const LEAD_FANOUT_CHANNEL = 'tradesbid_lead_fanouts';

/**
 * The job's fan-out row, and the wake of every instance's lead worker: PostgreSQL delivers the NOTIFY when the
 * posting transaction commits and drops it with the row when it rolls back. Values: jobId, origin.
 */
export const insertLeadFanout = preparedStatement(
  'lead_fanouts_insert',
  sql`with fanout as (insert into ${leadFanouts} (job_id, origin) values (${param('jobId')}, ${param('origin')})
        returning job_id)
      select pg_notify('${sql.raw(LEAD_FANOUT_CHANNEL)}', '') from fanout`,
);

/**
 * The oldest pending fan-out no other transaction holds, with its job, locked until the caller's transaction ends
 * (FOR UPDATE SKIP LOCKED: two workers never take one row; a row done meanwhile is seen done, and skipped); not
 * one of `passed` (jobs whose fan-out failed in this run).
 */
export async function claimLeadFanout(
  tx: DbOrTx,
  passed: string[],
): Promise<{ job: JobRow; origin: string } | undefined> {
  const pending = isNull(leadFanouts.doneAt);
  const [claimed] = await tx
    .select({ job: jobs, origin: leadFanouts.origin })
    .from(leadFanouts)
    .innerJoin(jobs, eq(jobs.id, leadFanouts.jobId))
    .where(passed.length > 0 ? and(pending, notInArray(leadFanouts.jobId, passed)) : pending)
    .orderBy(asc(leadFanouts.createdAt))
    .limit(1)
    .for('update', { of: leadFanouts, skipLocked: true });
  return claimed;
}

export async function markLeadFanoutDone(tx: DbOrTx, jobId: string): Promise<void> {
  await tx
    .update(leadFanouts)
    .set({ doneAt: sql`now()` })
    .where(eq(leadFanouts.jobId, jobId));
}

// A hired job's lifecycle (the projects room's rules call these through index.ts, in their transaction).

/** The job, locked for update until the caller's transaction ends. */
export async function selectJobForUpdate(db: DbOrTx, jobId: string): Promise<JobRow | undefined> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  return job;
}

/** The oldest job still open and unhired, posted before `cutoff`, that no other transaction holds (SKIP LOCKED). */
export async function selectStaleOpenJob(db: DbOrTx, cutoff: Date): Promise<JobRow | undefined> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'open'), lt(jobs.createdAt, cutoff), sql`${jobs.hiredProviderId} IS NULL`))
    .orderBy(asc(jobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return job;
}

export async function updateJobStatusRow(db: DbOrTx, jobId: string, status: JobStatus, hiredProviderId: string | null) {
  await db.update(jobs).set({ status, hiredProviderId, updatedAt: new Date() }).where(eq(jobs.id, jobId));
}

/** The user's own jobs and the jobs they are hired on, with both people, newest first (the tracking list). */
export function selectTrackedJobs(db: DbOrTx, userId: string, status?: JobStatus) {
  const customer = alias(users, 'customer');
  const hired = alias(users, 'hired');
  const mine = or(eq(jobs.customerId, userId), eq(jobs.hiredProviderId, userId));
  return db
    .select({
      job: jobs,
      customer: { id: customer.id, firstName: customer.firstName, lastName: customer.lastName },
      hired: { id: hired.id, firstName: hired.firstName, lastName: hired.lastName },
      businessName: businessProfiles.businessName,
      totalBids: sql<number>`(select count(*)::int from ${bids} where ${bids.jobId} = ${jobs.id})`,
    })
    .from(jobs)
    .innerJoin(customer, eq(customer.id, jobs.customerId))
    .leftJoin(hired, eq(hired.id, jobs.hiredProviderId))
    .leftJoin(businessProfiles, eq(businessProfiles.userId, jobs.hiredProviderId))
    .where(status ? and(mine, eq(jobs.status, status)) : mine)
    .orderBy(desc(jobs.updatedAt), desc(jobs.id));
}

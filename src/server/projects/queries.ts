import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { JobStatus } from '#shared/jobs.js';
import type { CreateReviewData } from '#shared/projects.js';
import type { DbOrTx } from '#server/db/client.js';
import { bids, businessProfiles, jobs, milestones, reviews, users } from '#server/db/schema/index.js';
import type { JobRow } from '#server/jobs/index.js';

// The projects room's statements: a hired job's lifecycle (the status of its job and bids), its milestones,
// reviews and the tracking list.

export type BidRow = typeof bids.$inferSelect;
export type MilestoneRow = typeof milestones.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

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

export async function selectJobBid(db: DbOrTx, jobId: string, bidId: string): Promise<BidRow | undefined> {
  const [bid] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.jobId, jobId), eq(bids.id, bidId)));
  return bid;
}

/** The bid accepted, and the job's other pending bids rejected: the rows as they now are, accepted first. */
export async function acceptBidRows(db: DbOrTx, jobId: string, bidId: string): Promise<BidRow[]> {
  const [accepted] = await db
    .update(bids)
    .set({ status: 'accepted', updatedAt: new Date() })
    .where(eq(bids.id, bidId))
    .returning();
  const rejected = await db
    .update(bids)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(bids.jobId, jobId), eq(bids.status, 'pending'), ne(bids.id, bidId)))
    .returning();
  return [accepted!, ...rejected];
}

/** Every pending bid of the job rejected: the rejected rows. */
export function rejectPendingBids(db: DbOrTx, jobId: string): Promise<BidRow[]> {
  return db
    .update(bids)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(bids.jobId, jobId), eq(bids.status, 'pending')))
    .returning();
}

export function selectMilestones(db: DbOrTx, jobId: string): Promise<MilestoneRow[]> {
  return db
    .select()
    .from(milestones)
    .where(eq(milestones.jobId, jobId))
    .orderBy(asc(milestones.sortOrder), asc(milestones.createdAt));
}

/** A milestone added after the job's others. */
export async function insertMilestone(db: DbOrTx, jobId: string, title: string): Promise<MilestoneRow> {
  const existing = await db.select({ id: milestones.id }).from(milestones).where(eq(milestones.jobId, jobId));
  const [row] = await db.insert(milestones).values({ jobId, title, sortOrder: existing.length }).returning();
  return row!;
}

export async function selectMilestone(db: DbOrTx, jobId: string, milestoneId: string) {
  const [row] = await db
    .select()
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.jobId, jobId)));
  return row;
}

export async function completeMilestoneRow(db: DbOrTx, milestoneId: string): Promise<MilestoneRow> {
  const [updated] = await db
    .update(milestones)
    .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
    .where(eq(milestones.id, milestoneId))
    .returning();
  return updated!;
}

/** Completed and total milestones per job. */
export function selectMilestoneCounts(db: DbOrTx, jobIds: string[]) {
  return db
    .select({
      jobId: milestones.jobId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${milestones.status} = 'completed'))::int`,
    })
    .from(milestones)
    .where(inArray(milestones.jobId, jobIds))
    .groupBy(milestones.jobId);
}

export async function insertReview(
  db: DbOrTx,
  values: CreateReviewData & { jobId: string; reviewerId: string; revieweeId: string },
): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

/** The reviews of these jobs, by job and reviewer. */
export function selectReviewers(db: DbOrTx, jobIds: string[]) {
  return db
    .select({ jobId: reviews.jobId, reviewerId: reviews.reviewerId })
    .from(reviews)
    .where(inArray(reviews.jobId, jobIds));
}

/** The user's own jobs and the jobs they are hired on, with both people, newest first. */
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

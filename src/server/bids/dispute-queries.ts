import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type DbOrTx } from '#server/db/client.js';
import { HOUR_MS, type BidRow } from './queries.js';
import { bidDisputes, bids, categories, jobs, users } from '#server/db/schema/index.js';

// Disputes (docs/decisions/041-bid-disputes.md): the bids room owns bid_disputes (a bid's facts in queries.ts read it too).

export type DisputeRow = typeof bidDisputes.$inferSelect;
/** A disputed bid as the dispute's rules and emails read it: the bid, and its job's title and matching keys. */
export type DisputedBid = {
  bid: BidRow;
  job: { id: string; title: string; customerId: string; categoryId: number | null; zipCode: string; createdAt: Date };
};

/**
 * The bid with its job, its row locked FOR UPDATE: a make-good sweep skips it, and a cancellation's or expiry's
 * UPDATE of it waits, until the dispute's transaction ends; reads after this one see any refund committed first.
 */
export async function lockBidForDispute(db: DbOrTx, bidId: string): Promise<DisputedBid | undefined> {
  const [row] = await db
    .select({
      bid: bids,
      job: {
        id: jobs.id,
        title: jobs.title,
        customerId: jobs.customerId,
        categoryId: jobs.categoryId,
        zipCode: jobs.zipCode,
        createdAt: jobs.createdAt,
      },
    })
    .from(bids)
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .where(eq(bids.id, bidId))
    .for('update', { of: bids });
  return row;
}

export async function selectDisputeOfBid(db: DbOrTx, bidId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(bidDisputes).where(eq(bidDisputes.bidId, bidId));
  return row;
}

/** The dispute, locked FOR UPDATE so two decisions on it queue and the second reads the first's. */
export async function lockDispute(db: DbOrTx, disputeId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(bidDisputes).where(eq(bidDisputes.id, disputeId)).for('update');
  return row;
}

export async function insertDispute(
  db: DbOrTx,
  // created_at is the transaction's time, as the ledger's is: an automatic approval's refund is not earlier.
  values: Pick<DisputeRow, 'bidId' | 'providerId' | 'reason' | 'details'>,
): Promise<DisputeRow> {
  const [row] = await db.insert(bidDisputes).values(values).returning();
  return row!;
}

/** The decision, written only while the dispute is open: the row as it now is, or none. */
export async function updateDisputeDecision(
  db: DbOrTx,
  disputeId: string,
  decision: Pick<DisputeRow, 'status' | 'note' | 'decidedBy' | 'decidedAt'>,
): Promise<DisputeRow | undefined> {
  const [row] = await db
    .update(bidDisputes)
    .set(decision)
    .where(and(eq(bidDisputes.id, disputeId), eq(bidDisputes.status, 'open')))
    .returning();
  return row;
}

/**
 * duplicate_job, verified (docs/contract.md §3.9): the same owner posted another job in the same category and ZIP
 * in the `days` before this one.
 */
export async function hasEarlierDuplicateJob(db: DbOrTx, job: DisputedBid['job'], days: number): Promise<boolean> {
  if (job.categoryId === null) return false;
  const since = new Date(job.createdAt.getTime() - days * 24 * HOUR_MS);
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.customerId, job.customerId),
        eq(jobs.categoryId, job.categoryId),
        eq(jobs.zipCode, job.zipCode),
        ne(jobs.id, job.id),
        sql`${jobs.createdAt} >= ${since.toISOString()}::timestamptz`,
        sql`${jobs.createdAt} < ${job.createdAt.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A provider's disputes with their bids' jobs, newest first. */
export function selectMyDisputes(db: DbOrTx, providerId: string) {
  return db
    .select({ dispute: bidDisputes, jobId: jobs.id, jobTitle: jobs.title, creditsCost: bids.creditsCost })
    .from(bidDisputes)
    .innerJoin(bids, eq(bids.id, bidDisputes.bidId))
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .where(eq(bidDisputes.providerId, providerId))
    .orderBy(desc(bidDisputes.createdAt), desc(bidDisputes.id));
}

/** The operators' queue: disputes (of one status, or all), oldest first, with the job, the bid and the provider. */
export function selectDisputeQueue(db: DbOrTx, status: DisputeRow['status'] | undefined, limit: number) {
  return db
    .select({
      dispute: bidDisputes,
      bid: bids,
      job: {
        id: jobs.id,
        title: jobs.title,
        status: jobs.status,
        zipCode: jobs.zipCode,
        createdAt: jobs.createdAt,
        categorySlug: categories.slug,
      },
      provider: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(bidDisputes)
    .innerJoin(bids, eq(bids.id, bidDisputes.bidId))
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .leftJoin(categories, eq(categories.id, jobs.categoryId))
    .innerJoin(users, eq(users.id, bidDisputes.providerId))
    .where(status ? eq(bidDisputes.status, status) : undefined)
    .orderBy(bidDisputes.createdAt, bidDisputes.id)
    .limit(limit);
}

import { and, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import { type BidFacts, type DisputeFact } from './timeline.js';
import {
  bidDisputes,
  bids,
  competitiveIntelligence,
  creditTransactions,
  jobs,
  users,
} from '#server/db/schema/index.js';

// The bids room's statements and their rows → answers: the bid's placement in place-queries.ts (bids_place, decision
// 018), disputes in dispute-queries.ts, the provider's own list and counts in my-bids-queries.ts, the rest here.

export const HOUR_MS = 60 * 60 * 1000;

export type BidRow = typeof bids.$inferSelect;
/** What the owner's order and a bid's revision window read from its purchase (null for a regular bid). */
export type Windows = { blockResponseWindow: Date | null; bustPriorityUntil: Date | null };

/**
 * Until when the bid may be revised, or null (docs/contract.md §4.6): a block or bust bid, pending and never
 * revised, inside its response window at `now`. For a statement that joins the bid's purchase
 * (competitive_intelligence). The rule is written here only: the reads answer it as `revisableUntil`, and the
 * revision's UPDATE writes only where it is set.
 */
function revisableUntil(now: Date): SQL<Date | null> {
  return sql`case when ${bids.tier} <> 'regular' and ${bids.revisedAt} is null and ${bids.status} = 'pending'
      and ${competitiveIntelligence.blockResponseWindow} > ${now.toISOString()}::timestamptz
    then ${competitiveIntelligence.blockResponseWindow} end`.mapWith(competitiveIntelligence.blockResponseWindow);
}

export type BidWithWindows = Windows & {
  bid: BidRow;
  firstName: string;
  lastName: string;
  revisableUntil: Date | null;
};

/** A job's bids with their bidders' names and windows at `now`: every bid, or only `providerId`'s. */
export function selectJobBids(
  db: DbOrTx,
  jobId: string,
  providerId: string | null,
  now: Date,
): Promise<BidWithWindows[]> {
  return db
    .select({
      bid: bids,
      firstName: users.firstName,
      lastName: users.lastName,
      blockResponseWindow: competitiveIntelligence.blockResponseWindow,
      bustPriorityUntil: competitiveIntelligence.bustPriorityUntil,
      revisableUntil: revisableUntil(now),
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
    .leftJoin(
      competitiveIntelligence,
      and(eq(competitiveIntelligence.jobId, bids.jobId), eq(competitiveIntelligence.providerId, bids.providerId)),
    )
    .where(providerId === null ? eq(bids.jobId, jobId) : and(eq(bids.jobId, jobId), eq(bids.providerId, providerId)));
}

/** What the provider bought on the job with a block or bust bid, if anything. */
export async function selectPurchase(db: DbOrTx, jobId: string, providerId: string) {
  const [purchase] = await db
    .select()
    .from(competitiveIntelligence)
    .where(and(eq(competitiveIntelligence.jobId, jobId), eq(competitiveIntelligence.providerId, providerId)));
  return purchase;
}

/** The provider's bid on the job with its windows, if any. */
export async function selectOwnBid(
  db: DbOrTx,
  jobId: string,
  providerId: string,
): Promise<(Windows & { bid: BidRow }) | undefined> {
  const [own] = await db
    .select({
      bid: bids,
      blockResponseWindow: competitiveIntelligence.blockResponseWindow,
      bustPriorityUntil: competitiveIntelligence.bustPriorityUntil,
    })
    .from(bids)
    .leftJoin(competitiveIntelligence, eq(competitiveIntelligence.bidId, bids.id))
    .where(and(eq(bids.jobId, jobId), eq(bids.providerId, providerId)));
  return own;
}

export type Revised = { revised: BidRow; refusal: null } | { revised: null; refusal: 'revision_not_allowed' };

/**
 * The revision, written only where the rule allows it (`revisableUntil` at the revision's time) on an open job;
 * else the refusal. `revised_at IS NULL`, checked again on the locked row, makes "once" hold under concurrent
 * revisions.
 */
export async function updateRevisedBid(
  db: DbOrTx,
  bidId: string,
  revision: { amount: string; message?: string | null; revisedAt: Date },
): Promise<Revised> {
  const [revised] = await db
    .update(bids)
    .set(revision)
    .from(competitiveIntelligence)
    .where(
      and(
        eq(bids.id, bidId),
        eq(competitiveIntelligence.bidId, bids.id),
        sql`${revisableUntil(revision.revisedAt)} is not null`,
        sql`exists (select 1 from ${jobs} where ${jobs.id} = ${bids.jobId} and ${jobs.status} = 'open')`,
      ),
    )
    // The bid's columns only: the purchase joined in has columns of the same names (id, job_id, …).
    .returning(getTableColumns(bids));
  return revised ? { revised, refusal: null } : { revised: null, refusal: 'revision_not_allowed' };
}

/**
 * What the ledger and the disputes tell of a bid (for its timeline), for any statement over `bids`: its refund ledger
 * row (at most one per bid, credit_transactions_bid_type_key: when, and its description key) and its dispute (at
 * most one), joined by key; `read` turns the columns, from `start` in an array row, into its facts.
 */
type FactColumns = [string | null, string | null, string | null, string | null, string | null];
export const bidFactsJoined = {
  columns: sql`${creditTransactions.createdAt}, ${creditTransactions.descriptionParams}::json->>'key',
    ${bidDisputes.createdAt}, ${bidDisputes.status}, ${bidDisputes.decidedAt}`,
  joins: sql`left join ${creditTransactions}
      on ${creditTransactions.bidId} = ${bids.id} and ${creditTransactions.type} = 'refund'
    left join ${bidDisputes} on ${bidDisputes.bidId} = ${bids.id}`,
  // Timestamps arrive as PostgreSQL's text (statements.ts), read with new Date as Drizzle reads them.
  read(row: unknown[], start: number): BidFacts {
    const [refundAt, key, disputeAt, status, decidedAt] = row.slice(start, start + 5) as FactColumns;
    return {
      refund: refundAt === null ? null : { at: new Date(refundAt), key },
      dispute:
        disputeAt === null
          ? null
          : {
              at: new Date(disputeAt),
              status: status as DisputeFact['status'],
              decidedAt: decidedAt === null ? null : new Date(decidedAt),
            },
    };
  },
};

const bidFactsStatement = preparedStatement(
  'bid_facts',
  sql`select ${bids.id}, ${bidFactsJoined.columns} from ${bids} ${bidFactsJoined.joins}
       where ${bids.id} = any(${param('ids')}::uuid[])`,
  (row) => [row[0] as string, bidFactsJoined.read(row, 1)] as const,
);

/** The facts of each of these bids, in one read. */
export async function selectBidFacts(db: DbOrTx, bidIds: string[]): Promise<Map<string, BidFacts>> {
  if (bidIds.length === 0) return new Map();
  return new Map(await bidFactsStatement(db, { ids: bidIds }));
}

const NO_FACTS: BidFacts = { refund: null, dispute: null };
export const factsOf = (facts: Map<string, BidFacts>, bidId: string): BidFacts => facts.get(bidId) ?? NO_FACTS;

/**
 * The owner was served these bids: each one not viewed before is viewed from `now` (docs/contract.md §3.9).
 * By id, so a bid placed after the list was read stays unviewed. The rows that changed, with their new time.
 */
export function markBidsViewed(
  db: DbOrTx,
  bidIds: string[],
  now: Date,
): Promise<{ id: string; viewedAt: Date | null }[]> {
  if (bidIds.length === 0) return Promise.resolve([]);
  return db
    .update(bids)
    .set({ viewedAt: now })
    .where(and(inArray(bids.id, bidIds), isNull(bids.viewedAt)))
    .returning({ id: bids.id, viewedAt: bids.viewedAt });
}

/**
 * The owner's decline: the bid rejected, declined and viewed, only while it is still pending (the row's lock
 * orders it against a hire or a cancellation rejecting it at the same time). The row as it now is, or none.
 */
export async function declineBidRow(db: DbOrTx, jobId: string, bidId: string, now: Date): Promise<BidRow | undefined> {
  const [declined] = await db
    .update(bids)
    .set({
      status: 'rejected',
      declinedAt: now,
      viewedAt: sql`coalesce(${bids.viewedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(bids.id, bidId), eq(bids.jobId, jobId), eq(bids.status, 'pending')))
    .returning();
  return declined;
}

// Hiring (the projects room's acceptBid and refunds call these through index.ts, in their transaction).

export async function selectJobBid(db: DbOrTx, jobId: string, bidId: string): Promise<BidRow | undefined> {
  const [bid] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.jobId, jobId), eq(bids.id, bidId)));
  return bid;
}

/** The bid accepted, and the job's other pending bids rejected: the rows as they now are, accepted first. */
export async function acceptBidRows(db: DbOrTx, jobId: string, bidId: string): Promise<BidRow[] | null> {
  // Only while still pending: a decline that committed after the hire read the bid has the last word (null).
  const [accepted] = await db
    .update(bids)
    .set({ status: 'accepted', updatedAt: new Date() })
    .where(and(eq(bids.id, bidId), eq(bids.status, 'pending')))
    .returning();
  if (!accepted) return null;
  const rejected = await db
    .update(bids)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(bids.jobId, jobId), eq(bids.status, 'pending'), ne(bids.id, bidId)))
    .returning();
  return [accepted, ...rejected];
}

/** Every pending bid of the job rejected: the rejected rows. */
export function rejectPendingBids(db: DbOrTx, jobId: string): Promise<BidRow[]> {
  return db
    .update(bids)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(and(eq(bids.jobId, jobId), eq(bids.status, 'pending')))
    .returning();
}

/**
 * The oldest bid due a make-good (docs/contract.md §3.9): pending, never viewed, placed at or before `cutoff`, not
 * refunded yet; locked FOR UPDATE SKIP LOCKED, so each instance's sweep takes a different bid, and a hire, a
 * decline or a cancellation waits for the refund (or the sweep skips a bid they hold). With its job's title.
 */
export async function selectUnviewedBidDue(
  db: DbOrTx,
  cutoff: Date,
): Promise<{ bid: BidRow; title: string } | undefined> {
  const [row] = await db
    .select({ bid: bids, title: jobs.title })
    .from(bids)
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .where(
      and(
        eq(bids.status, 'pending'),
        isNull(bids.viewedAt),
        isNull(bids.refundedAt),
        sql`${bids.createdAt} <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(bids.createdAt)
    .limit(1)
    .for('update', { of: bids, skipLocked: true });
  return row;
}

/** Which of these bids have had their credits back already (a refund ledger row: at most one per bid). */
export async function selectRefundedBidIds(db: DbOrTx, bidIds: string[]): Promise<Set<string>> {
  if (bidIds.length === 0) return new Set();
  const rows = await db
    .select({ bidId: creditTransactions.bidId })
    .from(creditTransactions)
    .where(and(inArray(creditTransactions.bidId, bidIds), eq(creditTransactions.type, 'refund')));
  return new Set(rows.map((row) => row.bidId!));
}

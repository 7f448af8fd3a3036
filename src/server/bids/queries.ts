import { and, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  activityLevelFor,
  ACTIVITY_WINDOW_HOURS,
  BID_SEATS,
  BID_TIERS,
  WEEKLY_LIMIT_WINDOW_HOURS,
  type BidTier,
  type CompetitiveIntelligence,
  type CompetitorTierCounts,
  type MyBid,
} from '#shared/bids.js';
import { formatMoney, fromCents, toCents } from '#shared/money.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import { notifyInStatement } from '#server/events/index.js';
import type { OutgoingEmail } from '#server/mail/index.js';
import { bidTimeline, type BidFacts } from './timeline.js';
import {
  bidDisputes,
  bids,
  categories,
  competitiveIntelligence,
  creditTransactions,
  jobs,
  users,
} from '#server/db/schema/index.js';

// The bids room's statements and their rows → answers. The bid itself is one statement (bids_place, decision 018).

const HOUR_MS = 60 * 60 * 1000;
export type CompetitorFigures = Pick<
  CompetitiveIntelligence,
  'totalCompetitors' | 'competitorTierCounts' | 'activityLevel' | 'averageBidRange'
>;

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The other bidders' tiers, recent activity and amounts (ascending), in one prepared read. */
const competitorsStatement = preparedStatement<{
  regular: number;
  block: number;
  bust: number;
  recent: number;
  amounts: string;
}>(
  'bids_competitors',
  sql`
    SELECT count(*) FILTER (WHERE tier = 'regular')::int AS regular,
      count(*) FILTER (WHERE tier = 'block')::int AS block,
      count(*) FILTER (WHERE tier = 'bust')::int AS bust,
      count(*) FILTER (WHERE created_at > ${param('since')}::timestamptz)::int AS recent,
      coalesce(string_agg(amount::text, ',' ORDER BY amount), '') AS amounts
    FROM ${bids} WHERE job_id = ${param('jobId')}::uuid AND provider_id <> ${param('providerId')}::uuid`,
);

/** The other bidders on a job as a block or bust bidder may see them (docs/contract.md §4.6), computed live. */
export async function competitorFigures(
  db: DbOrTx,
  jobId: string,
  providerId: string,
  level: Exclude<BidTier, 'regular'>,
  now = new Date(),
): Promise<CompetitorFigures> {
  const since = new Date(now.getTime() - ACTIVITY_WINDOW_HOURS * HOUR_MS);
  const [row] = await competitorsStatement(db, { jobId, providerId, since: since.toISOString() });
  const counts = Object.fromEntries(BID_TIERS.map((tier) => [tier, Number(row?.[tier] ?? 0)])) as CompetitorTierCounts;
  const cents = row?.amounts ? row.amounts.split(',').map(toCents) : [];
  const averageBidRange =
    level === 'bust' && cents.length > 0
      ? { min: fromCents(cents[0]!), median: fromCents(median(cents)), max: fromCents(cents.at(-1)!) }
      : null;
  return {
    totalCompetitors: cents.length,
    competitorTierCounts: counts,
    activityLevel: activityLevelFor(Number(row?.recent ?? 0)),
    averageBidRange,
  };
}

export type BidRow = typeof bids.$inferSelect;
/** What the owner's order and a bid's revision window read from its purchase (null for a regular bid). */
export type Windows = { blockResponseWindow: Date | null; bustPriorityUntil: Date | null };

/** Why bids_place wrote no bid: its rules, in the order they are checked. */
export type PlaceRefusal =
  | 'job_not_found'
  | 'not_provider'
  | 'own_job'
  | 'job_not_open'
  | 'already_bid'
  | 'job_full'
  | 'tier_full'
  | 'weekly_limit_reached'
  /** Not a refusal: the provider's row changed while the statement waited for it; run it again (its locks held). */
  | 'weekly_limit_recheck';

export type PlacedRow = {
  /** The first rule the bid broke, or null when it was placed. */
  refusal: PlaceRefusal | null;
  title: string;
  /** The job's owner as the bid email needs them (read here: no statement more for the email). */
  customer: OutgoingEmail['to'];
};

/**
 * The job, locked (FOR NO KEY UPDATE) so its status and its bid counters hold until commit, and the bid when the
 * rules allow it (a provider, not the job's owner, on an open job with a seat left under the cap it was posted
 * with), the job's counters raised, with the bid.created event to the owner: one prepared statement, one row whose
 * `refusal` names the first rule broken (the rules are written here only). The counters live on the job row so a
 * racer that waited for the lock reads the winner's count (a count(*) would read the statement's older snapshot;
 * docs/decisions/037-published-bid-cap-and-seats.md). A provider's second bid is refused before the cap is
 * looked at; one racing the first loses to bids_job_provider_key.
 *
 * The provider's row is locked too (after the job's, the order every transaction takes them in), for their weekly
 * cap (docs/decisions/042-spend-controls.md): last, the credits of their bids placed in the last 7 × 24 h less
 * their refunds, plus this bid's, may not pass it. That sum reads the statement's snapshot, so when the provider's
 * row changed while the statement waited for its lock (its xmin is not the snapshot's: another bid or a refund of
 * theirs committed meanwhile) the answer is `weekly_limit_recheck`, and the caller runs the statement again, with
 * both locks held and a snapshot that sees it. Without a cap none of this is read.
 */
export const placeStatement = preparedStatement<PlacedRow>(
  'bids_place',
  sql`
    WITH job AS (
      SELECT ${jobs}.id, customer_id, status, title,
        CASE WHEN NOT ${param('isProvider')}::boolean THEN 'not_provider'
          WHEN customer_id = ${param('providerId')}::uuid THEN 'own_job'
          WHEN status <> 'open' THEN 'job_not_open'
          WHEN EXISTS (SELECT 1 FROM ${bids} WHERE job_id = ${param('jobId')}::uuid
            AND provider_id = ${param('providerId')}::uuid) THEN 'already_bid'
          WHEN bid_cap IS NOT NULL AND bid_count >= bid_cap THEN 'job_full'
          WHEN bid_cap IS NOT NULL AND ${param('tier')}::bid_tier = 'block' AND block_bid_count >= ${sql.raw(String(BID_SEATS.block))}
            THEN 'tier_full'
          WHEN bid_cap IS NOT NULL AND ${param('tier')}::bid_tier = 'bust' AND bust_bid_count >= ${sql.raw(String(BID_SEATS.bust))}
            THEN 'tier_full'
          WHEN p.weekly_credit_limit IS NULL THEN NULL
          WHEN p.xmin <> (SELECT xmin FROM ${users} WHERE id = ${param('providerId')}::uuid) THEN 'weekly_limit_recheck'
          WHEN (SELECT coalesce(sum(b.credits_cost), 0) - coalesce(sum(r.amount), 0)
              FROM ${bids} b LEFT JOIN ${creditTransactions} r ON r.bid_id = b.id AND r.type = 'refund'
              WHERE b.provider_id = ${param('providerId')}::uuid
                AND b.created_at > ${param('now')}::timestamptz - interval '${sql.raw(String(WEEKLY_LIMIT_WINDOW_HOURS))} hours')
            + ${param('cost')}::int > p.weekly_credit_limit THEN 'weekly_limit_reached' END AS refusal
      FROM ${jobs} CROSS JOIN ${users} p
      WHERE ${jobs}.id = ${param('jobId')}::uuid AND p.id = ${param('providerId')}::uuid
      FOR NO KEY UPDATE OF ${jobs}, p
    ), bid AS (
      INSERT INTO ${bids} (id, job_id, provider_id, amount, message, estimated_duration, tier, credits_cost,
        created_at, updated_at)
      SELECT ${param('bidId')}::uuid, id, ${param('providerId')}::uuid, ${param('amount')}::numeric,
        ${param('message')}::text, ${param('estimatedDuration')}::text, ${param('tier')}::bid_tier,
        ${param('cost')}::int, ${param('now')}::timestamptz, ${param('now')}::timestamptz
      FROM job
      WHERE refusal IS NULL
      RETURNING id, job_id, status, tier
    ), seat AS (
      UPDATE ${jobs} SET bid_count = ${jobs}.bid_count + 1,
        block_bid_count = ${jobs}.block_bid_count + (bid.tier = 'block')::int,
        bust_bid_count = ${jobs}.bust_bid_count + (bid.tier = 'bust')::int
      FROM bid WHERE ${jobs}.id = bid.job_id
      RETURNING ${jobs}.id
    ), notified AS (
      SELECT ${notifyInStatement(
        sql`job.customer_id`,
        'bid.created',
        sql`json_build_object('jobId', bid.job_id, 'bidId', bid.id, 'status', bid.status)`,
      )}
      FROM job, bid
    )
    SELECT CASE WHEN job.id IS NULL THEN 'job_not_found' ELSE job.refusal END AS refusal, job.title,
      (SELECT count(*) FROM notified) AS notified, (SELECT count(*) FROM seat) AS seated,
      json_build_object('id', c.id, 'email', c.email, 'firstName', c.first_name, 'language', c.language,
        'emailNotifications', c.email_notifications) AS customer
    FROM (SELECT) AS asked LEFT JOIN job ON true LEFT JOIN ${users} c ON c.id = job.customer_id`,
);

/** What a block or bust bid bought, stored with the bid. */
export const purchaseStatement = preparedStatement(
  'bids_intelligence_purchase',
  sql`
    INSERT INTO ${competitiveIntelligence} (job_id, provider_id, bid_id, intelligence_level, credits_spent,
      total_competitors, competitor_tier_counts, activity_level, average_bid_range, block_response_window,
      bust_priority_until, purchased_at)
    VALUES (${param('jobId')}::uuid, ${param('providerId')}::uuid, ${param('bidId')}::uuid,
      ${param('level')}::intelligence_level, ${param('cost')}::int, ${param('total')}::int, ${param('counts')}::jsonb,
      ${param('activity')}::text, ${param('range')}::jsonb, ${param('blockResponseWindow')}::timestamptz,
      ${param('bustPriorityUntil')}::timestamptz, ${param('now')}::timestamptz)`,
);

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

/** The provider's bids with their jobs' titles, newest first. */
export async function selectMyBids(db: DbOrTx, providerId: string): Promise<MyBid[]> {
  const rows = await db
    .select({ bid: bids, jobTitle: jobs.title, jobStatus: jobs.status })
    .from(bids)
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .where(eq(bids.providerId, providerId))
    .orderBy(desc(bids.createdAt), desc(bids.id));
  const facts = await selectBidFacts(
    db,
    rows.map((row) => row.bid.id),
  );
  return rows.map(({ bid, jobTitle, jobStatus }) => ({
    id: bid.id,
    jobId: bid.jobId,
    jobTitle,
    tier: bid.tier,
    amount: formatMoney(bid.amount)!,
    creditsCost: bid.creditsCost,
    status: bid.status,
    viewedAt: bid.viewedAt?.toISOString() ?? null,
    timeline: bidTimeline(bid, jobStatus, factsOf(facts, bid.id)),
    createdAt: bid.createdAt.toISOString(),
  }));
}

/**
 * What the ledger and the disputes tell of each of these bids (for its timeline): its refund ledger row (at most
 * one per bid: when, and its description key) and its dispute (at most one), in one read.
 */
export async function selectBidFacts(db: DbOrTx, bidIds: string[]): Promise<Map<string, BidFacts>> {
  if (bidIds.length === 0) return new Map();
  const rows = await db
    .select({
      bidId: bids.id,
      refundAt: creditTransactions.createdAt,
      key: sql<string | null>`${creditTransactions.descriptionParams}::json->>'key'`,
      disputeAt: bidDisputes.createdAt,
      disputeStatus: bidDisputes.status,
      decidedAt: bidDisputes.decidedAt,
    })
    .from(bids)
    .leftJoin(creditTransactions, and(eq(creditTransactions.bidId, bids.id), eq(creditTransactions.type, 'refund')))
    .leftJoin(bidDisputes, eq(bidDisputes.bidId, bids.id))
    .where(inArray(bids.id, bidIds));
  return new Map(
    rows.map((row) => [
      row.bidId,
      {
        refund: row.refundAt ? { at: row.refundAt, key: row.key } : null,
        dispute:
          row.disputeAt && row.disputeStatus
            ? { at: row.disputeAt, status: row.disputeStatus, decidedAt: row.decidedAt }
            : null,
      },
    ]),
  );
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
        sql`${bids.createdAt} <= ${cutoff.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${creditTransactions} where ${creditTransactions.bidId} = ${bids.id}
          and ${creditTransactions.type} = 'refund')`,
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

// Disputes (docs/decisions/041-bid-disputes.md): the bids room owns bid_disputes, so a bid's timeline reads it here.

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

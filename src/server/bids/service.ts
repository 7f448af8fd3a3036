import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  BID_TIER_COSTS,
  BLOCK_RESPONSE_WINDOW_HOURS,
  BUST_PRIORITY_HOURS,
  type Bid,
  type CompetitiveIntelligence,
  type MyBid,
  type PlaceBidData,
  type ReviseBidData,
} from '#shared/bids.js';
import { formatMoney } from '#shared/money.js';
import { postLedgerEntry } from '#server/credits/ledger.js';
import { param, preparedStatement } from '#server/db/client.js';
import { notifyInStatement, publishEvent } from '#server/events/publish.js';
import { enqueueEmailToRecipients, type OutgoingEmail } from '#server/mail/index.js';
import { bidEmail } from '#server/mail/emails.js';
import { bids, competitiveIntelligence, jobs, users } from '#server/db/schema/index.js';
import type { Ctx } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { assertJobId, findJobOrFail } from '#server/jobs/service.js';
import { competitorFigures } from './queries.js';

const HOUR_MS = 60 * 60 * 1000;

type BidRow = typeof bids.$inferSelect;
type Windows = { blockResponseWindow: Date | null; bustPriorityUntil: Date | null };

const isFuture = (date: Date | null, now: Date) => date !== null && date.getTime() > now.getTime();

/** The owner's order (docs/contract.md §4.6): live bust priority, then block/bust inside the response window, then the rest. */
function priorityRank(bid: BidRow, windows: Windows, now: Date): number {
  if (bid.tier === 'bust' && isFuture(windows.bustPriorityUntil, now)) return 0;
  if (bid.tier !== 'regular' && isFuture(windows.blockResponseWindow, now)) return 1;
  return 2;
}

function revisableUntil(bid: BidRow, windows: Windows, now: Date): string | null {
  const open = bid.tier !== 'regular' && bid.revisedAt === null && bid.status === 'pending';
  return open && isFuture(windows.blockResponseWindow, now) ? windows.blockResponseWindow!.toISOString() : null;
}

function toBid(bid: BidRow, providerName: string, windows: Windows, now = new Date()): Bid {
  return {
    id: bid.id,
    jobId: bid.jobId,
    providerId: bid.providerId,
    providerName,
    amount: formatMoney(bid.amount)!,
    message: bid.message,
    estimatedDuration: bid.estimatedDuration,
    tier: bid.tier,
    creditsCost: bid.creditsCost,
    status: bid.status,
    isPriority: priorityRank(bid, windows, now) < 2,
    revisedAt: bid.revisedAt?.toISOString() ?? null,
    revisableUntil: revisableUntil(bid, windows, now),
    createdAt: bid.createdAt.toISOString(),
  };
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

type PlacedRow = {
  customerId: string;
  status: string;
  title: string;
  bidId: string | null;
  /** The job's owner as the bid email needs them (read here: no statement more for the email). */
  customer: OutgoingEmail['to'];
};

/**
 * The job, share-locked so its status holds until commit, and the bid when the rules allow it (a
 * provider, not the job's owner, on an open job), with the bid.created event to the owner: one
 * prepared statement. A second bid by the same provider loses to bids_job_provider_key.
 */
const placeStatement = preparedStatement<PlacedRow>(
  'bids_place',
  sql`
    WITH job AS (
      SELECT id, customer_id, status, title FROM ${jobs} WHERE id = ${param('jobId')}::uuid FOR SHARE
    ), bid AS (
      INSERT INTO ${bids} (id, job_id, provider_id, amount, message, estimated_duration, tier, credits_cost,
        created_at, updated_at)
      SELECT ${param('bidId')}::uuid, id, ${param('providerId')}::uuid, ${param('amount')}::numeric,
        ${param('message')}::text, ${param('estimatedDuration')}::text, ${param('tier')}::bid_tier,
        ${param('cost')}::int, ${param('now')}::timestamptz, ${param('now')}::timestamptz
      FROM job
      WHERE ${param('isProvider')}::boolean AND customer_id <> ${param('providerId')}::uuid AND status = 'open'
      RETURNING id, job_id, status
    ), notified AS (
      SELECT ${notifyInStatement(
        sql`job.customer_id`,
        'bid.created',
        sql`json_build_object('jobId', bid.job_id, 'bidId', bid.id, 'status', bid.status)`,
      )}
      FROM job, bid
    )
    SELECT job.customer_id AS "customerId", job.status, job.title, bid.id AS "bidId",
      (SELECT count(*) FROM notified) AS notified,
      json_build_object('id', c.id, 'email', c.email, 'firstName', c.first_name, 'language', c.language,
        'emailNotifications', c.email_notifications) AS customer
    FROM job LEFT JOIN bid ON true JOIN ${users} c ON c.id = job.customer_id`,
);

/** What a block or bust bid bought, stored with the bid. */
const purchaseStatement = preparedStatement(
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
 * A provider bids on an open job that is not theirs, once, paying the tier's cost (docs/contract.md §4.1, §4.7).
 * One transaction: any refusal rolls everything back, so a refused bid costs nothing and writes nothing.
 */
export async function placeBid(ctx: Ctx, jobId: string, input: PlaceBidData): Promise<Bid> {
  assertJobId(jobId);
  const cost = BID_TIER_COSTS[input.tier];
  const now = new Date();
  const bid: BidRow = {
    id: randomUUID(),
    jobId,
    providerId: ctx.user.id,
    amount: input.amount,
    message: input.message ?? null,
    estimatedDuration: input.estimatedDuration ?? null,
    tier: input.tier,
    creditsCost: cost,
    status: 'pending',
    revisedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const [placed] = await placeStatement(tx, {
      jobId,
      bidId: bid.id,
      providerId: bid.providerId,
      amount: bid.amount,
      message: bid.message,
      estimatedDuration: bid.estimatedDuration,
      tier: bid.tier,
      cost,
      now: now.toISOString(),
      isProvider: ctx.user.role === 'provider',
    }).catch((error: unknown) => {
      // One bid per provider per job: a concurrent duplicate loses to the unique index, and its transaction rolls back.
      throw isUniqueViolation(error, 'bids_job_provider_key') ? new AppError('already_bid') : error;
    });
    if (!placed) throw new AppError('job_not_found');
    if (ctx.user.role !== 'provider') throw new AppError('not_provider');
    if (placed.customerId === ctx.user.id) throw new AppError('own_job');
    if (placed.status !== 'open' || !placed.bidId) throw new AppError('job_not_open');
    await postLedgerEntry(tx, {
      userId: ctx.user.id,
      amount: -cost,
      type: 'bid',
      bidId: bid.id,
      descriptionKey: `credits:tx_bid_${input.tier}`,
      descriptionParams: { jobTitle: placed.title },
    });
    let windows: Windows = { blockResponseWindow: null, bustPriorityUntil: null };
    if (input.tier !== 'regular') {
      // Others' bids only, so reading them after our own insert sees what the buyer paid to see.
      const figures = await competitorFigures(tx, jobId, ctx.user.id, input.tier, now);
      windows = {
        blockResponseWindow: new Date(now.getTime() + BLOCK_RESPONSE_WINDOW_HOURS * HOUR_MS),
        bustPriorityUntil: input.tier === 'bust' ? new Date(now.getTime() + BUST_PRIORITY_HOURS * HOUR_MS) : null,
      };
      // The purchase and its windows; the columns keep the figures as they were when bought.
      await purchaseStatement(tx, {
        jobId,
        providerId: ctx.user.id,
        bidId: bid.id,
        level: input.tier,
        cost,
        total: figures.totalCompetitors,
        counts: JSON.stringify(figures.competitorTierCounts),
        activity: figures.activityLevel,
        range: figures.averageBidRange ? JSON.stringify(figures.averageBidRange) : null,
        blockResponseWindow: windows.blockResponseWindow?.toISOString() ?? null,
        bustPriorityUntil: windows.bustPriorityUntil?.toISOString() ?? null,
        now: now.toISOString(),
      });
    }
    await enqueueEmailToRecipients(tx, {
      config: ctx.config,
      origin: ctx.origin,
      kind: 'bids',
      recipients: [placed.customer],
      content: (language) =>
        bidEmail(language, { jobId, title: placed.title, provider: fullName(ctx.user), amount: bid.amount }),
    });
    return toBid(bid, fullName(ctx.user), windows, now);
  });
}

/** Blind bidding (docs/contract.md §4.5): the owner sees every bid in priority order, a bidder only their own, others nothing. */
export async function listJobBids(ctx: Ctx, jobId: string): Promise<Bid[]> {
  const job = await findJobOrFail(ctx.db, jobId);
  const isOwner = job.customerId === ctx.user.id;
  const rows = await ctx.db
    .select({
      bid: bids,
      firstName: users.firstName,
      lastName: users.lastName,
      blockResponseWindow: competitiveIntelligence.blockResponseWindow,
      bustPriorityUntil: competitiveIntelligence.bustPriorityUntil,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.providerId))
    .leftJoin(
      competitiveIntelligence,
      and(eq(competitiveIntelligence.jobId, bids.jobId), eq(competitiveIntelligence.providerId, bids.providerId)),
    )
    .where(isOwner ? eq(bids.jobId, job.id) : and(eq(bids.jobId, job.id), eq(bids.providerId, ctx.user.id)));
  const now = new Date();
  return rows
    .map((row) => ({ row, rank: priorityRank(row.bid, row, now) }))
    .sort((a, b) => a.rank - b.rank || a.row.bid.createdAt.getTime() - b.row.bid.createdAt.getTime())
    .map(({ row }) => toBid(row.bid, fullName(row), row, now));
}

/** What the caller's block or bust bid bought on this job, with live figures; 404 when they bought none. */
export async function getIntelligence(ctx: Ctx, jobId: string): Promise<CompetitiveIntelligence> {
  const job = await findJobOrFail(ctx.db, jobId);
  const [purchase] = await ctx.db
    .select()
    .from(competitiveIntelligence)
    .where(and(eq(competitiveIntelligence.jobId, job.id), eq(competitiveIntelligence.providerId, ctx.user.id)));
  if (!purchase) throw new AppError('intelligence_not_found');
  const figures = await competitorFigures(ctx.db, job.id, ctx.user.id, purchase.intelligenceLevel);
  return {
    jobId: job.id,
    intelligenceLevel: purchase.intelligenceLevel,
    creditsSpent: purchase.creditsSpent,
    ...figures,
    blockResponseWindow: purchase.blockResponseWindow?.toISOString() ?? null,
    bustPriorityUntil: purchase.bustPriorityUntil?.toISOString() ?? null,
    purchasedAt: purchase.purchasedAt.toISOString(),
  };
}

/**
 * A block or bust bidder revises their pending bid once, inside the 24-hour response window (docs/contract.md §4.6).
 * `revised_at IS NULL` in the UPDATE makes "once" hold under concurrent revisions.
 */
export async function reviseBid(ctx: Ctx, jobId: string, input: ReviseBidData): Promise<Bid> {
  return ctx.db.transaction(async (tx) => {
    const job = await findJobOrFail(tx, jobId, true);
    const [own] = await tx
      .select({
        bid: bids,
        blockResponseWindow: competitiveIntelligence.blockResponseWindow,
        bustPriorityUntil: competitiveIntelligence.bustPriorityUntil,
      })
      .from(bids)
      .leftJoin(competitiveIntelligence, eq(competitiveIntelligence.bidId, bids.id))
      .where(and(eq(bids.jobId, job.id), eq(bids.providerId, ctx.user.id)));
    if (!own) throw new AppError('bid_not_found');
    const now = new Date();
    if (job.status !== 'open' || revisableUntil(own.bid, own, now) === null) throw new AppError('revision_not_allowed');
    const [revised] = await tx
      .update(bids)
      .set({ amount: input.amount, ...(input.message !== undefined ? { message: input.message } : {}), revisedAt: now })
      .where(and(eq(bids.id, own.bid.id), isNull(bids.revisedAt), eq(bids.status, 'pending')))
      .returning();
    if (!revised) throw new AppError('revision_not_allowed');
    const event = { jobId: job.id, bidId: revised.id, status: revised.status };
    await publishEvent(tx, ctx.user.id, 'bid.updated', event);
    await publishEvent(tx, job.customerId, 'bid.updated', event);
    return toBid(revised, fullName(ctx.user), own, now);
  });
}

/** The caller's bids with their jobs' titles, newest first. */
export async function listMyBids(ctx: Ctx): Promise<MyBid[]> {
  const rows = await ctx.db
    .select({ bid: bids, jobTitle: jobs.title })
    .from(bids)
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .where(eq(bids.providerId, ctx.user.id))
    .orderBy(desc(bids.createdAt), desc(bids.id));
  return rows.map(({ bid, jobTitle }) => ({
    id: bid.id,
    jobId: bid.jobId,
    jobTitle,
    tier: bid.tier,
    amount: formatMoney(bid.amount)!,
    creditsCost: bid.creditsCost,
    status: bid.status,
    createdAt: bid.createdAt.toISOString(),
  }));
}

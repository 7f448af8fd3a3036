import { randomUUID } from 'node:crypto';
import {
  BID_TIER_COSTS,
  BLOCK_RESPONSE_WINDOW_HOURS,
  BUST_PRIORITY_HOURS,
  type Bid,
  type CompetitiveIntelligence,
  type MyBid,
  type MyBidsQuery,
  type MyBidStats,
  type PlaceBidData,
  type ReviseBidData,
} from '#shared/bids.js';
import type { Language } from '#shared/i18n/languages.js';
import type { Page } from '#server/db/client.js';
import { formatMoney } from '#shared/money.js';
import { postLedgerEntry } from '#server/credits/index.js';
import { publishEvents } from '#server/events/index.js';
import { bidEmail, declinedEmail, notificationEmails } from '#server/mail/index.js';
import { enqueueNotices, pushOfEmail } from '#server/push/index.js';
import { enqueueEmailToUsers } from '#server/auth/index.js';
import { isUuid } from '#server/http/ids.js';
import type { Ctx } from '#server/http/context.js';
import { sendLowBalanceNotice } from './spend-controls.js';
import { bidTimeline } from './timeline.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { assertJobId, findJobOrFail } from '#server/jobs/index.js';
import { selectMyBids, selectMyBidStats } from './my-bids-queries.js';
import { competitorFigures, placeStatement, purchaseStatement, type PlacedRow } from './place-queries.js';
import {
  declineBidRow,
  HOUR_MS,
  markBidsViewed,
  factsOf,
  selectBidFacts,
  selectJobBid,
  selectJobBids,
  selectOwnBid,
  selectPurchase,
  updateRevisedBid,
  type BidRow,
  type Windows,
} from './queries.js';

const isFuture = (date: Date | null, now: Date) => date !== null && date.getTime() > now.getTime();

/** The owner's order (docs/contract.md §4.6): live bust priority, then block/bust inside the response window, then the rest. */
function priorityRank(bid: BidRow, windows: Windows, now: Date): number {
  if (bid.tier === 'bust' && isFuture(windows.bustPriorityUntil, now)) return 0;
  if (bid.tier !== 'regular' && isFuture(windows.blockResponseWindow, now)) return 1;
  return 2;
}

/** The answer's shape; `revisableUntil` is the rule's own answer (queries.ts), read with the bid or known for it. */
function toBid(bid: BidRow, providerName: string, windows: Windows, revisableUntil: Date | null, now: Date): Bid {
  return {
    id: bid.id,
    jobId: bid.jobId,
    providerId: bid.providerId,
    providerName,
    amount: formatMoney(bid.amount)!,
    message: bid.message,
    estimatedDuration: bid.estimatedDuration,
    tier: bid.tier,
    sponsored: bid.tier !== 'regular',
    creditsCost: bid.creditsCost,
    status: bid.status,
    isPriority: priorityRank(bid, windows, now) < 2,
    revisedAt: bid.revisedAt?.toISOString() ?? null,
    revisableUntil: revisableUntil?.toISOString() ?? null,
    viewedAt: bid.viewedAt?.toISOString() ?? null,
    createdAt: bid.createdAt.toISOString(),
  };
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * A provider bids on an open job that is not theirs, once, paying the tier's cost (docs/contract.md §4.1, §4.7),
 * while the job has a seat left under its cap (§3.9). One transaction: any refusal rolls everything back, so a
 * refused bid costs nothing and writes nothing.
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
    viewedAt: null,
    declinedAt: null,
    refundedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const place = async () =>
      (
        (await placeStatement(tx, {
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
        })) as [PlacedRow]
      )[0];
    let placed = await place();
    // A capped provider's row changed while bids_place waited for it: once more, with its locks held (queries.ts).
    if (placed.refusal === 'weekly_limit_recheck') placed = await place();
    const { refusal, title, customer } = placed;
    if (refusal === 'weekly_limit_recheck') throw new Error('bids_place: the provider row changed under its lock');
    // The rules of who may bid on what are bids_place's (queries.ts); it names the first one broken.
    if (refusal) throw new AppError(refusal);
    const { lowBalance, balance } = await postLedgerEntry(tx, {
      userId: ctx.user.id,
      amount: -cost,
      type: 'bid',
      bidId: bid.id,
      descriptionKey: `credits:tx_bid_${input.tier}`,
      descriptionParams: { jobTitle: title },
    });
    if (lowBalance) await sendLowBalanceNotice(tx, ctx, balance);
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
    // The owner's email and pushes, one statement (docs/contract.md §3.7, §3.10).
    const email = (language: Language) =>
      bidEmail(language, { jobId, title, provider: fullName(ctx.user), amount: bid.amount });
    await enqueueNotices(
      tx,
      notificationEmails({
        config: ctx.config,
        origin: ctx.origin,
        kind: 'bids',
        recipients: [customer],
        content: email,
      }),
      {
        config: ctx.config,
        origin: ctx.origin,
        type: 'bid',
        userIds: [customer.id],
        tag: `job:${jobId}`,
        content: (language) => pushOfEmail(email(language)),
      },
    );
    // A block or bust bid just placed may be revised until its response window closes.
    return toBid(bid, fullName(ctx.user), windows, windows.blockResponseWindow, now);
  });
}

/**
 * Blind bidding (docs/contract.md §4.5): the owner sees every bid in priority order, a bidder only their own, others
 * nothing. Serving the owner their list views every bid in it (§3.9); the job page reads its bids here too.
 */
export async function listJobBids(ctx: Ctx, jobId: string): Promise<Bid[]> {
  const job = await findJobOrFail(ctx.db, jobId);
  const isOwner = job.customerId === ctx.user.id;
  const now = new Date();
  const rows = await selectJobBids(ctx.db, job.id, isOwner ? null : ctx.user.id, now);
  if (isOwner) {
    const viewed = new Map(
      (
        await markBidsViewed(
          ctx.db,
          rows.filter((row) => row.bid.viewedAt === null).map((row) => row.bid.id),
          now,
        )
      ).map((row) => [row.id, row.viewedAt]),
    );
    for (const row of rows) if (viewed.has(row.bid.id)) row.bid = { ...row.bid, viewedAt: viewed.get(row.bid.id)! };
  }
  // A bidder's own bid carries its story (docs/contract.md §3.9); the owner's list does not.
  const facts = isOwner
    ? null
    : await selectBidFacts(
        ctx.db,
        rows.map((row) => row.bid.id),
      );
  return rows
    .map((row) => ({ row, rank: priorityRank(row.bid, row, now) }))
    .sort((a, b) => a.rank - b.rank || a.row.bid.createdAt.getTime() - b.row.bid.createdAt.getTime())
    .map(({ row }) => ({
      ...toBid(row.bid, fullName(row), row, row.revisableUntil, now),
      ...(facts ? { timeline: bidTimeline(row.bid, job.status, factsOf(facts, row.bid.id)) } : {}),
    }));
}

/** What the caller's block or bust bid bought on this job, with live figures; 404 when they bought none. */
export async function getIntelligence(ctx: Ctx, jobId: string): Promise<CompetitiveIntelligence> {
  const job = await findJobOrFail(ctx.db, jobId);
  const purchase = await selectPurchase(ctx.db, job.id, ctx.user.id);
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
 * Who may revise, when and how often is the UPDATE's rule (updateRevisedBid in queries.ts).
 */
export async function reviseBid(ctx: Ctx, jobId: string, input: ReviseBidData): Promise<Bid> {
  return ctx.db.transaction(async (tx) => {
    const job = await findJobOrFail(tx, jobId, true);
    const own = await selectOwnBid(tx, job.id, ctx.user.id);
    if (!own) throw new AppError('bid_not_found');
    const now = new Date();
    const { revised, refusal } = await updateRevisedBid(tx, own.bid.id, {
      amount: input.amount,
      ...(input.message !== undefined ? { message: input.message } : {}),
      revisedAt: now,
    });
    if (refusal) throw new AppError(refusal);
    const data = { jobId: job.id, bidId: revised.id, status: revised.status };
    await publishEvents(
      tx,
      [ctx.user.id, job.customerId].map((userId) => ({ userId, type: 'bid.updated' as const, data })),
    );
    // Revised once: no more revisions.
    return toBid(revised, fullName(ctx.user), own, null, now);
  });
}

/**
 * The owner declines a pending bid ('Not for me', docs/contract.md §3.9): rejected and viewed, no refund (the lead
 * was real); the provider hears it (event bid.declined, email kind `hires`). One transaction.
 */
export async function declineBid(ctx: Ctx, jobId: string, bidId: string): Promise<Bid> {
  return ctx.db.transaction(async (tx) => {
    const job = await findJobOrFail(tx, jobId);
    if (job.customerId !== ctx.user.id) throw new AppError('not_job_owner');
    if (!isUuid(bidId)) throw new AppError('bid_not_found');
    const now = new Date();
    const declined = await declineBidRow(tx, job.id, bidId, now);
    if (!declined) {
      throw new AppError((await selectJobBid(tx, job.id, bidId)) ? 'bid_not_pending' : 'bid_not_found');
    }
    const [row] = await selectJobBids(tx, job.id, declined.providerId, now);
    await publishEvents(tx, [
      { userId: declined.providerId, type: 'bid.declined', data: { jobId: job.id, bidId, status: declined.status } },
    ]);
    await enqueueEmailToUsers(tx, {
      config: ctx.config,
      origin: ctx.origin,
      kind: 'hires',
      userIds: [declined.providerId],
      content: (language) => declinedEmail(language, { title: job.title }),
    });
    return toBid(row!.bid, fullName(row!), row!, row!.revisableUntil, now);
  });
}

/** GET /api/my-bids/stats: the dashboard's counts over all the caller's bids. */
export function myBidStats(ctx: Ctx): Promise<MyBidStats> {
  return selectMyBidStats(ctx.db, ctx.user.id);
}

/**
 * GET /api/my-bids: a page of the caller's bids with their jobs' titles, newest first, or of their bids on the jobs
 * `jobIds` names (docs/contract.md §3.3).
 */
export async function listMyBids(ctx: Ctx, page: MyBidsQuery): Promise<Page<MyBid>> {
  return selectMyBids(ctx.db, ctx.user.id, page);
}

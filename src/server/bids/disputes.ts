import {
  DISPUTE_WINDOW_DAYS,
  DUPLICATE_JOB_DAYS,
  type AdminDispute,
  type DecideDisputeData,
  type Dispute,
  type DisputeBidData,
  type DisputeStatus,
  type MyDispute,
} from '#shared/bids.js';
import { formatMoney } from '#shared/money.js';
import { postLedgerEntry } from '#server/credits/index.js';
import type { Tx } from '#server/db/client.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { publishEvents } from '#server/events/index.js';
import { requireAdmin, type Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { isUuid } from '#server/http/ids.js';
import { enqueueEmailToUsers } from '#server/auth/index.js';
import { disputeDecidedEmail } from '#server/mail/index.js';
import {
  hasEarlierDuplicateJob,
  insertDispute,
  lockBidForDispute,
  lockDispute,
  selectDisputeOfBid,
  selectDisputeQueue,
  selectMyDisputes,
  updateDisputeDecision,
  type DisputedBid,
  type DisputeRow,
} from './dispute-queries.js';
import { selectRefundedBidIds } from './queries.js';
import { REFUND_KEYS } from './timeline.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The operators' queue answers at most this many disputes at a time (oldest first). */
const QUEUE_LIMIT = 200;

function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    bidId: row.bidId,
    reason: row.reason,
    details: row.details,
    status: row.status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The decision on an open dispute, in the caller's transaction, which holds the dispute and the bid's row lock
 * (docs/decisions/041-bid-disputes.md). An approval refunds the bid's creditsCost through the ledger unless its
 * credits came back already: the refund-at-most-once guard of cancellation, expiry and the make-good (read the
 * bid's refund after its row lock; the ledger's unique (bid_id, type) index behind it). Either way the provider
 * hears it: event bid.updated, and an email (kind hires) in their language.
 */
async function settleDispute(
  tx: Tx,
  ctx: Pick<Ctx, 'config' | 'origin'>,
  dispute: DisputeRow,
  { bid, job }: DisputedBid,
  decision: { approve: boolean; note: string | null; decidedBy: string | null },
): Promise<DisputeRow> {
  const alreadyRefunded = decision.approve && (await selectRefundedBidIds(tx, [bid.id])).has(bid.id);
  if (decision.approve && !alreadyRefunded) {
    await postLedgerEntry(tx, {
      userId: bid.providerId,
      amount: bid.creditsCost,
      type: 'refund',
      bidId: bid.id,
      descriptionKey: REFUND_KEYS.dispute_approved,
      descriptionParams: { jobTitle: job.title },
    });
  }
  const decided = await updateDisputeDecision(tx, dispute.id, {
    status: decision.approve ? 'approved' : 'refused',
    note: decision.note,
    decidedBy: decision.decidedBy,
    decidedAt: new Date(),
  });
  if (!decided) throw new AppError('already_decided');
  await publishEvents(tx, [
    { userId: bid.providerId, type: 'bid.updated', data: { jobId: job.id, bidId: bid.id, status: bid.status } },
  ]);
  await enqueueEmailToUsers(tx, {
    config: ctx.config,
    origin: ctx.origin,
    kind: 'hires',
    userIds: [bid.providerId],
    content: (language) =>
      disputeDecidedEmail(language, {
        title: job.title,
        credits: bid.creditsCost,
        approved: decision.approve,
        alreadyRefunded,
        note: decision.note,
      }),
  });
  return decided;
}

/**
 * POST /api/bids/{bidId}/dispute (docs/contract.md §3.9): the bid's provider, once, within 14 days of the bid, while
 * its credits have not come back. Refusals in this order: someone else's bid (404 bid_not_found),
 * already_disputed, dispute_window_closed, already_refunded. A duplicate_job whose earlier twin is found is approved
 * in the same transaction, so the 201 already says approved and the refund is done.
 */
export async function disputeBid(ctx: Ctx, bidId: string, input: DisputeBidData): Promise<Dispute> {
  if (!isUuid(bidId)) throw new AppError('bid_not_found');
  return ctx.db
    .transaction(async (tx) => {
      const disputed = await lockBidForDispute(tx, bidId);
      if (!disputed || disputed.bid.providerId !== ctx.user.id) throw new AppError('bid_not_found');
      const { bid, job } = disputed;
      if (await selectDisputeOfBid(tx, bid.id)) throw new AppError('already_disputed');
      const now = new Date();
      if (now.getTime() - bid.createdAt.getTime() > DISPUTE_WINDOW_DAYS * DAY_MS) {
        throw new AppError('dispute_window_closed');
      }
      if ((await selectRefundedBidIds(tx, [bid.id])).has(bid.id)) throw new AppError('already_refunded');
      const dispute = await insertDispute(tx, {
        bidId: bid.id,
        providerId: bid.providerId,
        reason: input.reason,
        details: input.details ?? null,
      });
      if (input.reason === 'duplicate_job' && (await hasEarlierDuplicateJob(tx, job, DUPLICATE_JOB_DAYS))) {
        return toDispute(
          await settleDispute(tx, ctx, dispute, disputed, { approve: true, note: null, decidedBy: null }),
        );
      }
      await publishEvents(tx, [
        { userId: bid.providerId, type: 'bid.updated', data: { jobId: job.id, bidId: bid.id, status: bid.status } },
      ]);
      return toDispute(dispute);
    })
    .catch((error: unknown) => {
      // A second dispute racing the first waits for the bid's row and reads it; the index is the last word.
      throw isUniqueViolation(error, 'bid_disputes_bid_key') ? new AppError('already_disputed') : error;
    });
}

/** GET /api/my-disputes: the caller's disputes, newest first. */
export async function listMyDisputes(ctx: Ctx): Promise<MyDispute[]> {
  const rows = await selectMyDisputes(ctx.db, ctx.user.id);
  return rows.map((row) => ({
    ...toDispute(row.dispute),
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    creditsCost: row.creditsCost,
  }));
}

/** GET /api/admin/disputes?status=open: the operators' queue, oldest first, with what a decision needs. */
export async function listDisputeQueue(ctx: Ctx, status: DisputeStatus | undefined): Promise<AdminDispute[]> {
  requireAdmin(ctx);
  const rows = await selectDisputeQueue(ctx.db, status, QUEUE_LIMIT);
  return rows.map(({ dispute, bid, job, provider }) => ({
    ...toDispute(dispute),
    provider: {
      id: provider.id,
      name: `${provider.firstName} ${provider.lastName}`.trim(),
      email: provider.email,
    },
    job: { ...job, createdAt: job.createdAt.toISOString() },
    bid: {
      amount: formatMoney(bid.amount)!,
      tier: bid.tier,
      creditsCost: bid.creditsCost,
      status: bid.status,
      viewedAt: bid.viewedAt?.toISOString() ?? null,
      createdAt: bid.createdAt.toISOString(),
    },
  }));
}

/**
 * POST /api/admin/disputes/{id}/decide: an operator approves (credits back, once) or refuses, with a note. The
 * dispute's row lock queues two decisions; the second hears already_decided and changes nothing (no clawback).
 */
export async function decideDispute(ctx: Ctx, disputeId: string, input: DecideDisputeData): Promise<Dispute> {
  requireAdmin(ctx);
  if (!isUuid(disputeId)) throw new AppError('dispute_not_found');
  return ctx.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, disputeId);
    if (!dispute) throw new AppError('dispute_not_found');
    if (dispute.status !== 'open') throw new AppError('already_decided');
    const disputed = await lockBidForDispute(tx, dispute.bidId);
    if (!disputed) throw new AppError('dispute_not_found');
    const decided = await settleDispute(tx, ctx, dispute, disputed, {
      approve: input.decision === 'approve',
      note: input.note ?? null,
      decidedBy: ctx.user.id,
    });
    return toDispute(decided);
  });
}

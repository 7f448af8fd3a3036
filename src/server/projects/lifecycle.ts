import { JOB_TRANSITIONS, type UpdateJobStatusInput } from '#shared/projects.js';
import type { JobStatus } from '#shared/jobs.js';
import { postLedgerEntry } from '#server/credits/index.js';
import type { Db, DbOrTx, Tx } from '#server/db/client.js';
import { publishEvents } from '#server/events/index.js';
import type { Ctx } from '#server/http/context.js';
import { isUuid } from '#server/http/ids.js';
import { AppError } from '#server/http/errors.js';
import { acceptBidRows, rejectPendingBids, selectJobBid, selectRefundedBidIds } from '#server/bids/index.js';
import { enqueuePush, pushOfEmail } from '#server/push/index.js';
import {
  findJobOrFail,
  selectJobForUpdate,
  selectStaleOpenJob,
  updateJobStatusRow,
  type JobRow,
} from '#server/jobs/index.js';
import { enqueueEmailToUsers } from '#server/auth/index.js';
import { completedEmail, hiredEmail, refundEmail } from '#server/mail/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job locked for a status change; 404 when missing, 403 to anyone but its owner. */
async function lockOwnJob(tx: Tx, ctx: Ctx, jobId: string): Promise<JobRow> {
  const found = await findJobOrFail(tx, jobId);
  const job = await selectJobForUpdate(tx, found.id);
  if (!job) throw new AppError('job_not_found');
  if (job.customerId !== ctx.user.id) throw new AppError('not_job_owner');
  return job;
}

async function setStatus(tx: DbOrTx, job: JobRow, status: JobStatus, hiredProviderId = job.hiredProviderId) {
  await updateJobStatusRow(tx, job.id, status, hiredProviderId);
  const data = { jobId: job.id, status };
  const people = hiredProviderId ? [job.customerId, hiredProviderId] : [job.customerId];
  await publishEvents(
    tx,
    people.map((userId) => ({ userId, type: 'job.updated', data })),
  );
}

async function notifyBidders(tx: DbOrTx, rows: { id: string; jobId: string; providerId: string; status: string }[]) {
  await publishEvents(
    tx,
    rows.map((bid) => ({
      userId: bid.providerId,
      type: 'bid.updated',
      data: { jobId: bid.jobId, bidId: bid.id, status: bid.status },
    })),
  );
}

/**
 * docs/contract.md §3.4: the owner hires one pending bidder of an open job. Every other pending bid is
 * rejected without refund (that lead was real, §4.8). The job row lock orders this against bids
 * being placed, a cancel and the expiry sweep.
 */
export async function acceptBid(ctx: Ctx, jobId: string, bidId: string) {
  return ctx.db.transaction(async (tx) => {
    const job = await lockOwnJob(tx, ctx, jobId);
    if (job.status !== 'open') throw new AppError('job_not_open');
    if (!isUuid(bidId)) throw new AppError('not_found');
    const bid = await selectJobBid(tx, job.id, bidId);
    if (!bid) throw new AppError('not_found');
    if (bid.status !== 'pending') throw new AppError('bid_not_pending');

    const changed = await acceptBidRows(tx, job.id, bid.id);
    if (!changed) throw new AppError('bid_not_pending');
    await setStatus(tx, job, 'in_progress', bid.providerId);
    await notifyBidders(tx, changed);
    const customer = `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
    await enqueueEmailToUsers(tx, {
      config: ctx.config,
      origin: ctx.origin,
      kind: 'hires',
      userIds: [bid.providerId],
      content: (language) => hiredEmail(language, { title: job.title, customer }),
    });
    await enqueuePush(tx, {
      config: ctx.config,
      origin: ctx.origin,
      type: 'hired',
      userIds: [bid.providerId],
      tag: `job:${job.id}`,
      content: (language) => pushOfEmail(hiredEmail(language, { title: job.title, customer })),
    });
    return { jobId: job.id, status: 'in_progress' as const, hiredProviderId: bid.providerId, bidId: bid.id };
  });
}

/** Rejects every pending bid of a job leaving 'open' unhired and refunds each its credits (§4.8). */
async function refundPendingBids(
  tx: Tx,
  job: JobRow,
  mail?: Pick<Ctx, 'config' | 'origin'>,
  // The ledger's description key names the reason, which the bid's timeline reads (docs/decisions/040).
  descriptionKey: 'credits:tx_refund' | 'credits:tx_refund_expired' = 'credits:tx_refund',
): Promise<number> {
  const rejected = await rejectPendingBids(tx, job.id);
  // A bid whose credits came back already (the make-good, docs/contract.md §3.9) gets nothing more: at most once.
  // Read after the UPDATE above, which waited for any make-good holding the bid's row, so its refund is seen.
  const refunded = await selectRefundedBidIds(
    tx,
    rejected.map((bid) => bid.id),
  );
  const owed = rejected.filter((bid) => !refunded.has(bid.id));
  for (const bid of owed) {
    // The unique (bid_id, type) index makes a second refund of one bid impossible, whatever races.
    await postLedgerEntry(tx, {
      userId: bid.providerId,
      amount: bid.creditsCost,
      type: 'refund',
      bidId: bid.id,
      descriptionKey,
      descriptionParams: { jobTitle: job.title },
    });
  }
  await notifyBidders(tx, rejected);
  if (mail) {
    for (const bid of owed) {
      await enqueueEmailToUsers(tx, {
        ...mail,
        kind: 'hires',
        userIds: [bid.providerId],
        content: (language) => refundEmail(language, { title: job.title, credits: bid.creditsCost }),
      });
    }
  }
  return rejected.length;
}

/**
 * PATCH /api/jobs/{id}/status (docs/contract.md §3.4): open → cancelled refunds every pending bidder;
 * in_progress → completed or cancelled (no refund: the lead was used); anything else 409.
 */
export async function updateJobStatus(ctx: Ctx, jobId: string, input: UpdateJobStatusInput) {
  return ctx.db.transaction(async (tx) => {
    const job = await lockOwnJob(tx, ctx, jobId);
    if (!JOB_TRANSITIONS[job.status].includes(input.status)) throw new AppError('invalid_transition');
    const refunded = job.status === 'open' ? await refundPendingBids(tx, job, ctx) : 0;
    await setStatus(tx, job, input.status);
    if (input.status === 'completed' && job.hiredProviderId) {
      const customer = `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
      await enqueueEmailToUsers(tx, {
        config: ctx.config,
        origin: ctx.origin,
        kind: 'hires',
        userIds: [job.hiredProviderId],
        content: (language) => completedEmail(language, { title: job.title, customer }),
      });
    }
    return { jobId: job.id, status: input.status, refundedBids: refunded };
  });
}

/**
 * No dead leads (docs/contract.md §4.8): cancels, with refunds, every job still open and unhired
 * `expiryDays` after posting. One job per transaction; SKIP LOCKED lets several instances sweep at
 * once, each job going to exactly one of them (and `status = 'open'` loses to an owner who just hired).
 * Returns the ids of the jobs this caller expired. A `stop` (the instance stopping) ends the run between two jobs.
 */
export async function expireStaleJobs(
  db: Db,
  expiryDays: number,
  now = new Date(),
  mail?: Pick<Ctx, 'config' | 'origin'>,
  stop?: AbortSignal,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - expiryDays * DAY_MS);
  const expired: string[] = [];
  while (!stop?.aborted) {
    const jobId = await db.transaction(async (tx) => {
      const job = await selectStaleOpenJob(tx, cutoff);
      if (!job) return null;
      await refundPendingBids(tx, job, mail, 'credits:tx_refund_expired');
      await setStatus(tx, job, 'cancelled');
      return job.id;
    });
    if (!jobId) return expired;
    expired.push(jobId);
  }
  return expired;
}

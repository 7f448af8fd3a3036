import type { Config } from '#server/config.js';
import { postLedgerEntry } from '#server/credits/index.js';
import type { Db } from '#server/db/client.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { publishEvents } from '#server/events/index.js';
import { enqueueEmailToUsers } from '#server/auth/index.js';
import { unviewedRefundEmail } from '#server/mail/index.js';
import { selectUnviewedBidDue } from './queries.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The make-good sweep (docs/contract.md §3.9, docs/decisions/040-bid-outcomes-and-make-good.md): every pending
 * bid its owner has not viewed `hours` after it was placed gets its whole creditsCost back through the ledger
 * (type refund), with an email (kind hires) in the provider's language; the bid stays pending. One bid per
 * transaction. Every instance runs it: the bid is locked FOR UPDATE SKIP LOCKED, and the ledger's unique
 * (bid_id, type) index refuses a second refund of one bid whatever races, so a racer that lost is rolled back
 * and counted as nothing. Returns the bids refunded by this run. A `stop` (the instance stopping) ends the run
 * between two bids, so no statement follows the database's close.
 */
export async function refundUnviewedBids(
  db: Db,
  hours: number,
  now = new Date(),
  mail?: { config: Config; origin: string },
  stop?: AbortSignal,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - hours * HOUR_MS);
  const refunded: string[] = [];
  while (!stop?.aborted) {
    let found = false;
    const bidId = await db
      .transaction(async (tx) => {
        const due = await selectUnviewedBidDue(tx, cutoff);
        if (!due) return null;
        found = true;
        const { bid, title } = due;
        await postLedgerEntry(tx, {
          userId: bid.providerId,
          amount: bid.creditsCost,
          type: 'refund',
          bidId: bid.id,
          descriptionKey: 'credits:tx_refund_not_viewed',
          descriptionParams: { jobTitle: title },
        });
        await publishEvents(tx, [
          {
            userId: bid.providerId,
            type: 'bid.updated',
            data: { jobId: bid.jobId, bidId: bid.id, status: bid.status },
          },
        ]);
        if (mail) {
          await enqueueEmailToUsers(tx, {
            ...mail,
            kind: 'hires',
            userIds: [bid.providerId],
            content: (language) => unviewedRefundEmail(language, { title, credits: bid.creditsCost }),
          });
        }
        return bid.id;
      })
      .catch((error: unknown) => {
        // Another instance, a cancellation or an expiry refunded this bid first: it is theirs.
        if (isUniqueViolation(error, 'credit_transactions_bid_type_key')) return null;
        throw error;
      });
    if (!found) return refunded;
    if (bidId) refunded.push(bidId);
  }
  return refunded;
}

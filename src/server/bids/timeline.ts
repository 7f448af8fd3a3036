import type { BidTimelineEntry } from '#shared/bids.js';
import type { BidRow } from './queries.js';

/** The bid's refund ledger row, if any: when, and its description key (which names the reason). */
export type RefundFact = { at: Date; key: string | null };
/** The bid's dispute, if any: when it was opened, and its decision. */
export type DisputeFact = { at: Date; status: 'open' | 'approved' | 'refused'; decidedAt: Date | null };
/** What the ledger and the disputes table tell of a bid beyond its own row. */
export type BidFacts = { refund: RefundFact | null; dispute: DisputeFact | null };

/** The ledger description key of each refund reason (docs/contract.md §3.9), and back. */
export const REFUND_KEYS = {
  job_cancelled: 'credits:tx_refund',
  job_expired: 'credits:tx_refund_expired',
  not_viewed: 'credits:tx_refund_not_viewed',
  dispute_approved: 'credits:tx_refund_dispute',
} as const;
type RefundReason = keyof typeof REFUND_KEYS;
const reasonOf = (key: string | null): RefundReason =>
  (Object.entries(REFUND_KEYS).find(([, value]) => value === key)?.[0] as RefundReason | undefined) ?? 'job_cancelled';

/**
 * A bid's story as its provider sees it (docs/contract.md §3.9), derived from what is stored: the bid's own
 * timestamps (created, viewed, declined, updated at its last status change), its job's status, its refund
 * ledger row (docs/decisions/040-bid-outcomes-and-make-good.md) and its dispute (docs/decisions/041-bid-disputes.md).
 * In time order.
 */
export function bidTimeline(
  bid: Pick<BidRow, 'createdAt' | 'viewedAt' | 'declinedAt' | 'status' | 'updatedAt'>,
  jobStatus: string,
  { refund, dispute }: BidFacts,
): BidTimelineEntry[] {
  const entries: { type: BidTimelineEntry['type']; at: Date; reason?: RefundReason }[] = [
    { type: 'placed', at: bid.createdAt },
  ];
  if (bid.viewedAt) entries.push({ type: 'viewed', at: bid.viewedAt });
  if (bid.declinedAt) entries.push({ type: 'declined', at: bid.declinedAt });
  else if (bid.status === 'accepted') entries.push({ type: 'hired', at: bid.updatedAt });
  else if (bid.status === 'rejected') {
    if (jobStatus !== 'cancelled') entries.push({ type: 'not_selected', at: bid.updatedAt });
    else {
      const reason = refund ? reasonOf(refund.key) : null;
      // The refund of a cancellation was written in the same transaction: one moment, told at the ledger's time.
      const sameMoment = refund !== null && reason !== 'not_viewed';
      entries.push({
        type: reason === 'job_expired' ? 'job_expired' : 'job_cancelled',
        at: sameMoment ? refund.at : bid.updatedAt,
      });
    }
  }
  if (dispute) entries.push({ type: 'disputed', at: dispute.at });
  if (dispute?.status === 'refused') entries.push({ type: 'dispute_refused', at: dispute.decidedAt ?? dispute.at });
  if (refund) entries.push({ type: 'refunded', at: refund.at, reason: reasonOf(refund.key) });
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.order - b.order)
    .map(({ entry }) => ({
      type: entry.type,
      at: entry.at.toISOString(),
      ...(entry.reason ? { reason: entry.reason } : {}),
    }));
}

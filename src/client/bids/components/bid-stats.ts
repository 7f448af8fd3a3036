import type { MyBid } from '#shared/bids.js';
import { fromCents, toCents } from '#shared/cents.js';

/** Spec §3, §9: pending counts as active, accepted as won; earnings are the sum of accepted amounts. */
export function bidStats(bids: MyBid[]) {
  const accepted = bids.filter((bid) => bid.status === 'accepted');
  return {
    activeBids: bids.filter((bid) => bid.status === 'pending').length,
    jobsWon: accepted.length,
    totalEarnings: fromCents(accepted.reduce((sum, bid) => sum + toCents(bid.amount), 0)),
    creditsSpent: bids.reduce((sum, bid) => sum + bid.creditsCost, 0),
  };
}

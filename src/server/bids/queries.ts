import { and, eq, ne } from 'drizzle-orm';
import {
  activityLevelFor,
  ACTIVITY_WINDOW_HOURS,
  BID_TIERS,
  type BidTier,
  type CompetitiveIntelligence,
  type CompetitorTierCounts,
} from '#shared/bids.js';
import { fromCents, toCents } from '#shared/money.js';
import type { DbOrTx } from '#server/db/client.js';
import { bids } from '#server/db/schema/index.js';

const HOUR_MS = 60 * 60 * 1000;
export type CompetitorFigures = Pick<
  CompetitiveIntelligence,
  'totalCompetitors' | 'competitorTierCounts' | 'activityLevel' | 'averageBidRange'
>;

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The other bidders on a job as a block or bust bidder may see them (DESIGN.md §4.6), computed live. */
export async function competitorFigures(
  db: DbOrTx,
  jobId: string,
  providerId: string,
  level: Exclude<BidTier, 'regular'>,
  now = new Date(),
): Promise<CompetitorFigures> {
  const others = await db
    .select({ tier: bids.tier, amount: bids.amount, createdAt: bids.createdAt })
    .from(bids)
    .where(and(eq(bids.jobId, jobId), ne(bids.providerId, providerId)));
  const counts = Object.fromEntries(BID_TIERS.map((tier) => [tier, 0])) as CompetitorTierCounts;
  for (const bid of others) counts[bid.tier] += 1;
  const since = now.getTime() - ACTIVITY_WINDOW_HOURS * HOUR_MS;
  const recent = others.filter((bid) => bid.createdAt.getTime() > since).length;
  const cents = others.map((bid) => toCents(bid.amount)).sort((a, b) => a - b);
  const averageBidRange =
    level === 'bust' && cents.length > 0
      ? { min: fromCents(cents[0]!), median: fromCents(median(cents)), max: fromCents(cents.at(-1)!) }
      : null;
  return {
    totalCompetitors: others.length,
    competitorTierCounts: counts,
    activityLevel: activityLevelFor(recent),
    averageBidRange,
  };
}

import { sql } from 'drizzle-orm';
import {
  activityLevelFor,
  ACTIVITY_WINDOW_HOURS,
  BID_TIERS,
  type BidTier,
  type CompetitiveIntelligence,
  type CompetitorTierCounts,
} from '#shared/bids.js';
import { fromCents, toCents } from '#shared/money.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
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

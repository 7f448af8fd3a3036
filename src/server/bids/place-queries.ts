import { sql } from 'drizzle-orm';
import {
  activityLevelFor,
  ACTIVITY_WINDOW_HOURS,
  BID_SEATS,
  BID_TIERS,
  WEEKLY_LIMIT_WINDOW_HOURS,
  type BidTier,
  type CompetitiveIntelligence,
  type CompetitorTierCounts,
} from '#shared/bids.js';
import { fromCents, toCents } from '#shared/money.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import { notifyInStatement } from '#server/events/index.js';
import type { OutgoingEmail } from '#server/mail/index.js';
import { HOUR_MS } from './queries.js';
import { bids, competitiveIntelligence, creditTransactions, jobs, users } from '#server/db/schema/index.js';

// The placement of a bid (decision 018: one statement, bids_place) and what a Block or Bust bid buys with it.

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

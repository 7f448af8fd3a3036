import { eq, sql, type SQL } from 'drizzle-orm';
import type { MyBid, MyBidStats } from '#shared/bids.js';
import { formatMoney } from '#shared/money.js';
import {
  afterCursor,
  param,
  preparedStatement,
  tableRowReader,
  toPage,
  type DbOrTx,
  type Page,
} from '#server/db/client.js';
import { bids, jobs } from '#server/db/schema/index.js';
import { bidFactsJoined } from './queries.js';
import { bidTimeline, type BidFacts } from './timeline.js';

// The provider's own bids (GET /api/my-bids, a page; GET /api/my-bids/stats, the counts over all of them).

// What the page and its timelines read of each bid (not its message: up to 2,000 characters, not in the answer).
const bidRow = tableRowReader(bids, [
  'id',
  'jobId',
  'tier',
  'amount',
  'creditsCost',
  'status',
  'viewedAt',
  'declinedAt',
  'createdAt',
  'updatedAt',
]);
const JOB_AT = bidRow.columns.length;

/**
 * A page of the provider's bids, newest first, each with its job's title and status and its facts (the refund and
 * the dispute, for its timeline), those `matching` only when given: keyset on (created_at, id) after the bid
 * `before`, read backwards from bids_provider_idx; `limit` is the page's size plus one (the row that says another
 * page follows).
 */
const pageOfBids = (matching?: SQL) => sql`
    select ${sql.join(bidRow.columns, sql`, `)}, ${jobs.title}, ${jobs.status}, ${bidFactsJoined.columns}
      from ${bids}
      join ${jobs} on ${jobs.id} = ${bids.jobId}
      ${bidFactsJoined.joins}
     where ${bids.providerId} = ${param('me')}::uuid
       ${matching ? sql`and ${matching}` : sql``}
       and ${afterCursor(
         bids.createdAt,
         bids.id,
         sql`${param('before')}::uuid`,
         sql`select x.created_at, x.id from ${bids} x where x.id = ${param('before')}::uuid
              and x.provider_id = ${param('me')}::uuid`,
       )}
     order by ${bids.createdAt} desc, ${bids.id} desc
     limit ${param('limit')}::int`;

type MyBidRow = {
  bid: NonNullable<ReturnType<typeof bidRow.read>>;
  jobTitle: string;
  jobStatus: string;
  facts: BidFacts;
};
const myBidRow = (row: unknown[]): MyBidRow => ({
  bid: bidRow.read(row, 0)!,
  jobTitle: row[JOB_AT] as string,
  jobStatus: row[JOB_AT + 1] as string,
  facts: bidFactsJoined.read(row, JOB_AT + 2),
});

/**
 * GET /api/my-bids in one statement (decision 058, after 018 and 028): the page and each bid's facts, straight from
 * the driver's rows; a named prepared statement on PostgreSQL. With `jobIds`, only the bids on those jobs (at most
 * one each, read from bids_job_provider_key; decision 048).
 */
const myBidsStatement = preparedStatement('my_bids_page', pageOfBids(), myBidRow);
const myBidsOnJobsStatement = preparedStatement(
  'my_bids_on_jobs',
  pageOfBids(sql`${bids.jobId} = any(${param('jobIds')}::uuid[])`),
  myBidRow,
);

/** A page of the provider's bids with their jobs' titles, newest first (docs/contract.md §3.3). */
export async function selectMyBids(
  db: DbOrTx,
  providerId: string,
  page: { before?: string | undefined; limit: number; jobIds?: string[] | undefined },
): Promise<Page<MyBid>> {
  const values = { me: providerId, before: page.before ?? null, limit: page.limit + 1 };
  const rows = page.jobIds
    ? await myBidsOnJobsStatement(db, { ...values, jobIds: page.jobIds })
    : await myBidsStatement(db, values);
  const { items, nextBefore } = toPage(rows, page.limit, (row) => row.bid.id);
  return {
    nextBefore,
    items: items.map(({ bid, jobTitle, jobStatus, facts }) => ({
      id: bid.id,
      jobId: bid.jobId,
      jobTitle,
      tier: bid.tier,
      amount: formatMoney(bid.amount)!,
      creditsCost: bid.creditsCost,
      status: bid.status,
      viewedAt: bid.viewedAt?.toISOString() ?? null,
      timeline: bidTimeline(bid, jobStatus, facts),
      createdAt: bid.createdAt.toISOString(),
    })),
  };
}

/**
 * The counts the provider's dashboard shows, over all their bids (spec §9: total earnings are the sum of accepted
 * amounts): one aggregate over bids_provider_idx, whatever page of the bids a screen shows.
 */
export async function selectMyBidStats(db: DbOrTx, providerId: string): Promise<MyBidStats> {
  const [row] = await db
    .select({
      activeBids: sql<number>`count(*) filter (where ${bids.status} = 'pending')::int`,
      jobsWon: sql<number>`count(*) filter (where ${bids.status} = 'accepted')::int`,
      totalEarnings: sql<string>`coalesce(sum(${bids.amount}) filter (where ${bids.status} = 'accepted'), 0)::text`,
      creditsSpent: sql<number>`coalesce(sum(${bids.creditsCost}), 0)::int`,
    })
    .from(bids)
    .where(eq(bids.providerId, providerId));
  return {
    activeBids: Number(row!.activeBids),
    jobsWon: Number(row!.jobsWon),
    totalEarnings: formatMoney(row!.totalEarnings)!,
    creditsSpent: Number(row!.creditsSpent),
  };
}

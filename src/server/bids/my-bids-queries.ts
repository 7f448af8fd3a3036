import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MyBid, MyBidStats } from '#shared/bids.js';
import { formatMoney } from '#shared/money.js';
import { afterCursor, toPage, type DbOrTx, type Page } from '#server/db/client.js';
import { bids, jobs } from '#server/db/schema/index.js';
import { factsOf, selectBidFacts } from './queries.js';
import { bidTimeline } from './timeline.js';

// The provider's own bids (GET /api/my-bids, a page; GET /api/my-bids/stats, the counts over all of them).

/**
 * A page of the provider's bids with their jobs' titles, newest first (docs/contract.md §3.3): `limit` bids, after
 * the bid `before` when given (keyset on (created_at, id), read backwards from bids_provider_idx). With `jobIds`,
 * only the bids on those jobs (at most one each, read from bids_job_provider_key; decision 048).
 */
export async function selectMyBids(
  db: DbOrTx,
  providerId: string,
  page: { before?: string | undefined; limit: number; jobIds?: string[] | undefined },
): Promise<Page<MyBid>> {
  const cursor = sql`select b.created_at, b.id from ${bids} b where b.id = ${page.before} and b.provider_id = ${providerId}`;
  const rows = await db
    .select({ bid: bids, jobTitle: jobs.title, jobStatus: jobs.status })
    .from(bids)
    .innerJoin(jobs, eq(jobs.id, bids.jobId))
    .where(
      and(
        eq(bids.providerId, providerId),
        page.jobIds ? inArray(bids.jobId, page.jobIds) : undefined,
        page.before ? afterCursor(bids.createdAt, bids.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(bids.createdAt), desc(bids.id))
    .limit(page.limit + 1);
  const { items, nextBefore } = toPage(rows, page.limit, (row) => row.bid.id);
  const facts = await selectBidFacts(
    db,
    items.map((row) => row.bid.id),
  );
  return {
    nextBefore,
    items: items.map(({ bid, jobTitle, jobStatus }) => ({
      id: bid.id,
      jobId: bid.jobId,
      jobTitle,
      tier: bid.tier,
      amount: formatMoney(bid.amount)!,
      creditsCost: bid.creditsCost,
      status: bid.status,
      viewedAt: bid.viewedAt?.toISOString() ?? null,
      timeline: bidTimeline(bid, jobStatus, factsOf(facts, bid.id)),
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

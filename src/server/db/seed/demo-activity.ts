import { BID_TIER_COSTS } from '#shared/bids.js';
import { refreshRatingSummary } from '#server/business-profiles/index.js';
import { postLedgerEntry } from '#server/credits/index.js';
import type { Tx } from '#server/db/client.js';
import type { jobs } from '#server/db/schema/index.js';
import {
  insertBids,
  insertConversations,
  insertJobs,
  insertMessages,
  insertMilestones,
  insertReviews,
} from './queries.js';

type People = { customerId: string; providerId: string; categoryId: (slug: string) => number | null };

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A hired job of the demo customer with the demo provider: the accepted bid, paid through the ledger. */
async function hiredJob(tx: Tx, people: People, job: Omit<typeof jobs.$inferInsert, 'customerId'>, amount: string) {
  // Its one bid counts on the job, as bids_place would have counted it (docs/contract.md §3.9).
  const [row] = await insertJobs(tx, [
    { ...job, customerId: people.customerId, hiredProviderId: people.providerId, bidCount: 1 },
  ]);
  const [bid] = await insertBids(tx, [
    {
      jobId: row!.id,
      providerId: people.providerId,
      amount,
      message: 'Licensed and insured, references on request.',
      status: 'accepted',
      creditsCost: BID_TIER_COSTS.regular,
      createdAt: new Date(row!.createdAt.getTime() + 2 * HOUR),
    },
  ]);
  await postLedgerEntry(tx, {
    userId: people.providerId,
    amount: -BID_TIER_COSTS.regular,
    type: 'bid',
    bidId: bid!.id,
    descriptionKey: 'credits:tx_bid_regular',
    descriptionParams: { jobTitle: row!.title },
  });
  return row!;
}

/** A conversation on the job; `lines` alternate provider, customer, …; the last `unread` stay unread. */
async function conversation(tx: Tx, people: People, jobId: string, start: Date, lines: string[], unread = 0) {
  const times = lines.map((_, i) => new Date(start.getTime() + i * 47 * 60 * 1000));
  const [row] = await insertConversations(tx, [
    { jobId, customerId: people.customerId, providerId: people.providerId, lastMessageAt: times.at(-1)! },
  ]);
  await insertMessages(
    tx,
    lines.map((content, i) => {
      const fromProvider = i % 2 === 0;
      return {
        conversationId: row!.id,
        jobId,
        senderId: fromProvider ? people.providerId : people.customerId,
        receiverId: fromProvider ? people.customerId : people.providerId,
        content,
        isRead: i < lines.length - unread,
        createdAt: times[i]!,
      };
    }),
  );
}

/**
 * The demo's life after the bid: an in-progress job with milestones and a live conversation, and a
 * completed, reviewed job. Called once, inside the demo seed's transaction.
 */
export async function seedDemoActivity(tx: Tx, people: People): Promise<void> {
  const now = Date.now();
  const inProgress = await hiredJob(
    tx,
    people,
    {
      title: 'Kitchen backsplash tile installation',
      description: 'Install about 30 sq ft of subway tile behind the counters and stove; tile already bought.',
      categoryId: people.categoryId('construction'),
      budgetMin: '600.00',
      budgetMax: '900.00',
      zipCode: '78704',
      city: 'Austin',
      state: 'TX',
      location: 'Austin, TX',
      timeline: 'asap',
      status: 'in_progress',
      createdAt: new Date(now - 6 * DAY),
    },
    '780.00',
  );
  await insertMilestones(
    tx,
    [
      ['Remove the old backsplash', true],
      ['Install the subway tile', true],
      ['Grout, seal and clean up', false],
    ].map(([title, done], i) => ({
      jobId: inProgress.id,
      title: title as string,
      sortOrder: i,
      status: done ? ('completed' as const) : ('pending' as const),
      completedAt: done ? new Date(now - (3 - i) * DAY) : null,
    })),
  );
  await conversation(
    tx,
    people,
    inProgress.id,
    new Date(now - 5 * DAY),
    [
      'Hi Maria, I can start Thursday morning. Is the tile on site?',
      'Yes, all boxes are in the garage. Thursday works!',
      'The old backsplash is off and the wall is in good shape.',
      'Great news, thank you for the photos.',
      'Tile is up. I will grout and seal tomorrow around 9.',
    ],
    1,
  );

  const completed = await hiredJob(
    tx,
    people,
    {
      title: 'Repair and restain the backyard fence',
      description: 'Replace four rotten pickets and one post, then restain the whole fence (about 60 ft).',
      categoryId: people.categoryId('landscaping'),
      budgetMin: '400.00',
      budgetMax: '700.00',
      zipCode: '78745',
      city: 'Austin',
      state: 'TX',
      location: 'Austin, TX',
      timeline: 'month',
      status: 'completed',
      createdAt: new Date(now - 30 * DAY),
    },
    '550.00',
  );
  await conversation(tx, people, completed.id, new Date(now - 25 * DAY), [
    'Fence is done: new post set in concrete and two coats of stain.',
    'It looks brand new. Thank you, James!',
  ]);
  await insertReviews(tx, [
    {
      jobId: completed.id,
      reviewerId: people.customerId,
      revieweeId: people.providerId,
      rating: 5,
      qualityRating: 5,
      timelinessRating: 5,
      communicationRating: 4,
      valueRating: 5,
      comment: 'Fast, tidy and fairly priced. The fence looks brand new.',
      createdAt: new Date(now - 24 * DAY),
    },
  ]);
  await refreshRatingSummary(tx, people.providerId);
}

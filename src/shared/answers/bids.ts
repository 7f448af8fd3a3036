import { z } from 'zod';
import { ACTIVITY_LEVELS, BID_STATUSES, BID_TIERS, DISPUTE_REASONS, DISPUTE_STATUSES } from '../bid-rules.js';
import { money, timestamp } from './common.js';

/** One step of a bid's story as its provider sees it, in time order (docs/contract.md §3.9). */
export const BidTimelineEntryAnswer = z
  .object({
    type: z.enum([
      'placed',
      'viewed',
      'declined',
      'hired',
      'not_selected',
      'job_cancelled',
      'job_expired',
      'refunded',
      'disputed',
      'dispute_refused',
    ]),
    at: timestamp,
    /** Why the credits came back: on `refunded` only. */
    reason: z.enum(['job_cancelled', 'job_expired', 'not_viewed', 'dispute_approved']).optional(),
  })
  .meta({ id: 'BidTimelineEntry' });

/** A bid as GET/POST /api/jobs/{id}/bids answer it, to those allowed to see it (docs/contract.md §4.5). */
export const BidAnswer = z
  .object({
    id: z.string(),
    jobId: z.string(),
    providerId: z.string(),
    providerName: z.string(),
    amount: money,
    message: z.string().nullable(),
    estimatedDuration: z.string().nullable(),
    tier: z.enum(BID_TIERS),
    /** Block and Bust bids are paid placement, labelled so in the owner's list (docs/contract.md §3.9). */
    sponsored: z.boolean(),
    creditsCost: z.number().int(),
    status: z.enum(BID_STATUSES),
    /** Shown above the regular bids: bust inside its 72 h, block or bust inside its 24 h window. */
    isPriority: z.boolean(),
    /** When the one revision was made, if it was. */
    revisedAt: timestamp.nullable(),
    /** Until when the bidder may still revise it (block and bust, once); null when they may not. */
    revisableUntil: timestamp.nullable(),
    /** When the job's owner was first served it in their bid list (or declined it); null until then (§3.9). */
    viewedAt: timestamp.nullable(),
    /** The bid's story: on the provider's own bid only (GET /api/jobs/{id}/bids as its bidder). */
    timeline: z.array(BidTimelineEntryAnswer).optional(),
    createdAt: timestamp,
  })
  .meta({ id: 'Bid' });

export const CompetitorTierCountsAnswer = z.object({
  regular: z.number().int(),
  block: z.number().int(),
  bust: z.number().int(),
});

/** What a block or bust bid bought, computed live (docs/contract.md §3, §4.6). */
export const CompetitiveIntelligenceAnswer = z
  .object({
    jobId: z.string(),
    intelligenceLevel: z.enum(['block', 'bust']),
    creditsSpent: z.number().int(),
    totalCompetitors: z.number().int(),
    competitorTierCounts: CompetitorTierCountsAnswer,
    activityLevel: z.enum(ACTIVITY_LEVELS),
    /** Competitors' amounts, bust only; null for block, or when nobody else has bid. */
    averageBidRange: z.object({ min: money, median: money, max: money }).nullable(),
    blockResponseWindow: timestamp.nullable(),
    bustPriorityUntil: timestamp.nullable(),
    purchasedAt: timestamp,
  })
  .meta({ id: 'CompetitiveIntelligence' });

/** GET /api/my-bids items (docs/contract.md §3). */
export const MyBidAnswer = z
  .object({
    id: z.string(),
    jobId: z.string(),
    jobTitle: z.string(),
    tier: z.enum(BID_TIERS),
    amount: money,
    creditsCost: z.number().int(),
    status: z.enum(BID_STATUSES),
    /** When the job's owner was first served it in their bid list (or declined it); null until then (§3.9). */
    viewedAt: timestamp.nullable(),
    timeline: z.array(BidTimelineEntryAnswer),
    createdAt: timestamp,
  })
  .meta({ id: 'MyBid' });

/** GET /api/my-bids/stats: the counts over all the provider's bids (spec §3, §9; docs/contract.md §3.3). */
export const MyBidStatsAnswer = z
  .object({
    /** Pending bids. */
    activeBids: z.number().int(),
    /** Accepted bids. */
    jobsWon: z.number().int(),
    /** The sum of the accepted bids' amounts. */
    totalEarnings: money,
    /** The credits of every bid placed. */
    creditsSpent: z.number().int(),
  })
  .meta({ id: 'MyBidStats' });

/** A dispute as its provider sees it (POST /api/bids/{bidId}/dispute, docs/contract.md §3.9). */
export const DisputeAnswer = z
  .object({
    id: z.string(),
    bidId: z.string(),
    reason: z.enum(DISPUTE_REASONS),
    details: z.string().nullable(),
    /** `approved` already in the 201 when a duplicate_job was verified. */
    status: z.enum(DISPUTE_STATUSES),
    decidedAt: timestamp.nullable(),
    /** The operator's note (or the automatic approval's), once decided. */
    note: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Dispute' });

/** GET /api/my-disputes items: the dispute with its job, newest first. */
export const MyDisputeAnswer = DisputeAnswer.extend({
  jobId: z.string(),
  jobTitle: z.string(),
  creditsCost: z.number().int(),
}).meta({ id: 'MyDispute' });

/** GET /api/admin/disputes items: what an operator needs to decide, oldest first. */
export const AdminDisputeAnswer = DisputeAnswer.extend({
  provider: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  job: z.object({
    id: z.string(),
    title: z.string(),
    categorySlug: z.string().nullable(),
    zipCode: z.string(),
    status: z.string(),
    createdAt: timestamp,
  }),
  bid: z.object({
    amount: money,
    tier: z.enum(BID_TIERS),
    creditsCost: z.number().int(),
    status: z.enum(BID_STATUSES),
    viewedAt: timestamp.nullable(),
    createdAt: timestamp,
  }),
}).meta({ id: 'AdminDispute' });

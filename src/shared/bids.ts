import { z } from 'zod';
import {
  ACTIVITY_THRESHOLDS,
  BID_DURATION_MAX_LENGTH,
  BID_MESSAGE_MAX_LENGTH,
  BID_TIERS,
  DISPUTE_DETAILS_MAX_LENGTH,
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_REASONS,
  type ActivityLevel,
} from './bid-rules.js';
import { moneySchema, toCents } from './money.js';
import { LIST_PAGE, ListPageQuerySchema } from './paging.js';
import type {
  BidAnswer,
  CompetitiveIntelligenceAnswer,
  CompetitorTierCountsAnswer,
  MyBidAnswer,
  MyBidStatsAnswer,
  BidTimelineEntryAnswer,
  AdminDisputeAnswer,
  DisputeAnswer,
  MyDisputeAnswer,
} from './answers/bids.js';

// The tier rules live in a module of plain values, so a page that only shows prices ships no zod.
export * from './bid-rules.js';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const PlaceBidSchema = z.object({
  amount: moneySchema('bids:validation_amount_required').refine(
    (v) => toCents(v) > 0,
    'bids:validation_amount_positive',
  ),
  message: optionalText(BID_MESSAGE_MAX_LENGTH, 'bids:validation_message_max'),
  estimatedDuration: optionalText(BID_DURATION_MAX_LENGTH, 'bids:validation_duration_max'),
  tier: z.enum(BID_TIERS, 'bids:validation_tier_invalid').default('regular'),
});
export type PlaceBidInput = z.input<typeof PlaceBidSchema>;
export type PlaceBidData = z.output<typeof PlaceBidSchema>;

/** A block or bust bidder's one revision (docs/contract.md §4.6): a new amount, and the message if given. */
export const ReviseBidSchema = PlaceBidSchema.pick({ amount: true, message: true });
export type ReviseBidInput = z.input<typeof ReviseBidSchema>;
export type ReviseBidData = z.output<typeof ReviseBidSchema>;

/** POST /api/bids/{bidId}/dispute (docs/contract.md §3.9): a reason code, and details if the provider adds some. */
export const DisputeBidSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, 'bids:validation_dispute_reason'),
  details: optionalText(DISPUTE_DETAILS_MAX_LENGTH, 'bids:validation_dispute_details_max'),
});
export type DisputeBidInput = z.input<typeof DisputeBidSchema>;
export type DisputeBidData = z.output<typeof DisputeBidSchema>;

/** POST /api/admin/disputes/{id}/decide: approve (credits back, once) or refuse, with the operator's note. */
export const DecideDisputeSchema = z.object({
  decision: z.enum(['approve', 'refuse'], 'bids:validation_dispute_decision'),
  note: optionalText(DISPUTE_NOTE_MAX_LENGTH, 'bids:validation_dispute_note_max'),
});
export type DecideDisputeInput = z.input<typeof DecideDisputeSchema>;
export type DecideDisputeData = z.output<typeof DecideDisputeSchema>;

/**
 * GET /api/my-bids (docs/contract.md §3.3): a page of the caller's bids; with `jobIds` (job ids separated by commas,
 * at most a page's worth, LIST_PAGE) only their bids on those jobs: a screen's 'already bid' marks on the jobs it
 * shows, whatever the number of bids (docs/decisions/048-lists-past-their-first-page.md).
 */
export const MyBidsQuerySchema = ListPageQuerySchema.extend({
  jobIds: z
    .string()
    .transform((value) => value.split(',').map((id) => id.trim()))
    .pipe(z.array(z.string().uuid('bids:validation_job_ids_invalid')).max(LIST_PAGE, 'bids:validation_job_ids_max'))
    .optional(),
});
export type MyBidsQuery = z.output<typeof MyBidsQuerySchema>;

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/bids.ts. */
export type Bid = z.infer<typeof BidAnswer>;

export type CompetitorTierCounts = z.infer<typeof CompetitorTierCountsAnswer>;

export type CompetitiveIntelligence = z.infer<typeof CompetitiveIntelligenceAnswer>;

export type MyBid = z.infer<typeof MyBidAnswer>;
export type MyBidStats = z.infer<typeof MyBidStatsAnswer>;

export type BidTimelineEntry = z.infer<typeof BidTimelineEntryAnswer>;

export type Dispute = z.infer<typeof DisputeAnswer>;
export type MyDispute = z.infer<typeof MyDisputeAnswer>;
export type AdminDispute = z.infer<typeof AdminDisputeAnswer>;

export function activityLevelFor(recentBids: number): ActivityLevel {
  if (recentBids >= ACTIVITY_THRESHOLDS.high) return 'high';
  if (recentBids >= ACTIVITY_THRESHOLDS.medium) return 'medium';
  return 'low';
}

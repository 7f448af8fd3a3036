import { z } from 'zod';
import {
  ACTIVITY_THRESHOLDS,
  BID_DURATION_MAX_LENGTH,
  BID_MESSAGE_MAX_LENGTH,
  BID_TIERS,
  type ActivityLevel,
  type BidStatus,
  type BidTier,
} from './bid-rules.js';
import { moneySchema, toCents } from './money.js';

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

/** A block or bust bidder's one revision (DESIGN.md §4.6): a new amount, and the message if given. */
export const ReviseBidSchema = PlaceBidSchema.pick({ amount: true, message: true });
export type ReviseBidInput = z.input<typeof ReviseBidSchema>;
export type ReviseBidData = z.output<typeof ReviseBidSchema>;

/** A bid as GET/POST /api/jobs/{id}/bids answer it (DESIGN.md §3), to those allowed to see it (§4.5). */
export type Bid = {
  id: string;
  jobId: string;
  providerId: string;
  providerName: string;
  amount: string;
  message: string | null;
  estimatedDuration: string | null;
  tier: BidTier;
  creditsCost: number;
  status: BidStatus;
  /** Shown above the regular bids: bust inside its 72 h, block or bust inside its 24 h window. */
  isPriority: boolean;
  /** When the one revision was made, if it was. */
  revisedAt: string | null;
  /** Until when the bidder may still revise it (block and bust, once); null when they may not. */
  revisableUntil: string | null;
  createdAt: string;
};

export type CompetitorTierCounts = Record<BidTier, number>;

/** What a block or bust bid bought, computed live (DESIGN.md §3, §4.6). */
export type CompetitiveIntelligence = {
  jobId: string;
  intelligenceLevel: Exclude<BidTier, 'regular'>;
  creditsSpent: number;
  totalCompetitors: number;
  competitorTierCounts: CompetitorTierCounts;
  activityLevel: ActivityLevel;
  /** Competitors' amounts, bust only; null for block, or when nobody else has bid. */
  averageBidRange: { min: string; median: string; max: string } | null;
  blockResponseWindow: string | null;
  bustPriorityUntil: string | null;
  purchasedAt: string;
};

/** GET /api/my-bids items (DESIGN.md §3). */
export type MyBid = {
  id: string;
  jobId: string;
  jobTitle: string;
  tier: BidTier;
  amount: string;
  creditsCost: number;
  status: BidStatus;
  createdAt: string;
};

export function activityLevelFor(recentBids: number): ActivityLevel {
  if (recentBids >= ACTIVITY_THRESHOLDS.high) return 'high';
  if (recentBids >= ACTIVITY_THRESHOLDS.medium) return 'medium';
  return 'low';
}

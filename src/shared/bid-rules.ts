/** Bid tiers and their rules as plain values: no zod, so the landing page can show them cheaply. */
export const BID_TIERS = ['regular', 'block', 'bust'] as const;
export type BidTier = (typeof BID_TIERS)[number];

/** The one price list (docs/contract.md §4.1): credits, not dollars. The dashboard quick bid is a regular bid. */
export const BID_TIER_COSTS: Record<BidTier, number> = { regular: 9, block: 50, bust: 75 };
export const CHEAPEST_BID_COST = Math.min(...Object.values(BID_TIER_COSTS));

/**
 * Spend controls (docs/decisions/042-spend-controls.md): a provider's weekly cap weighs the credits of the bids
 * they placed in the last WEEKLY_LIMIT_WINDOW_HOURS, less what was refunded of them.
 */
export const WEEKLY_LIMIT_WINDOW_HOURS = 7 * 24;
/** The largest weekly cap a provider may set (a whole number of credits, at least 1). */
export const WEEKLY_LIMIT_MAX = 1_000_000;
/** A bid that leaves fewer credits than three Regular bids' worth sends the one low-balance notice. */
export const LOW_BALANCE_CREDITS = 3 * BID_TIER_COSTS.regular;

/** Block (and bust) bids show above regular ones and may be revised once inside this window (docs/contract.md §4.6). */
export const BLOCK_RESPONSE_WINDOW_HOURS = 24;
/** Bust bids lead the owner's list for this long. */
export const BUST_PRIORITY_HOURS = 72;
/** Activity level counts competitors' bids placed in the last ACTIVITY_WINDOW_HOURS. */
export const ACTIVITY_WINDOW_HOURS = 24;
/** 0–2 bids: low; 3–5: medium; 6 or more: high. */
export const ACTIVITY_THRESHOLDS = { medium: 3, high: 6 } as const;

/** JOB_BID_CAP's default: bids per job, all tiers (docs/contract.md §2, §3.9). Demo jobs and test jobs use it. */
export const DEFAULT_JOB_BID_CAP = 5;

/**
 * A job with a bid cap (JOB_BID_CAP) takes at most this many Block and Bust bids among its capped total; with no
 * cap, no seat limits (docs/contract.md §3.9). The jobs table's jobs_bid_cap check holds the same numbers.
 */
export const BID_SEATS = { block: 2, bust: 1 } as const;
export type SeatTier = keyof typeof BID_SEATS;

export const BID_MESSAGE_MAX_LENGTH = 2000;
export const BID_DURATION_MAX_LENGTH = 100;

export const BID_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
export const ACTIVITY_LEVELS = ['low', 'medium', 'high'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/** Why a provider disputes a bid (docs/contract.md §3.9); `duplicate_job` is approved at once when verified. */
export const DISPUTE_REASONS = [
  'wrong_category',
  'outside_area',
  'unreachable_customer',
  'duplicate_job',
  'spam',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_STATUSES = ['open', 'approved', 'refused'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** A bid may be disputed this long after it was placed. */
export const DISPUTE_WINDOW_DAYS = 14;
/** duplicate_job holds when the same owner posted a job of the same category and ZIP this long before. */
export const DUPLICATE_JOB_DAYS = 7;
export const DISPUTE_DETAILS_MAX_LENGTH = 1000;
export const DISPUTE_NOTE_MAX_LENGTH = 1000;

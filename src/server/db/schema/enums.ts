import { pgEnum } from 'drizzle-orm/pg-core';
// Relative: drizzle-kit loads the schema without the package's import map.
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '../../../shared/bid-rules.js';

export const userRole = pgEnum('user_role', ['customer', 'provider']);
export const jobStatus = pgEnum('job_status', ['open', 'in_progress', 'completed', 'cancelled']);
export const jobTimeline = pgEnum('job_timeline', ['asap', 'month', 'flexible']);
export const bidTier = pgEnum('bid_tier', ['regular', 'block', 'bust']);
export const bidStatus = pgEnum('bid_status', ['pending', 'accepted', 'rejected']);
export const creditTransactionType = pgEnum('credit_transaction_type', [
  'bonus',
  'purchase',
  'promo',
  'bid',
  'refund',
  'adjustment',
]);
export const intelligenceLevel = pgEnum('intelligence_level', ['block', 'bust']);
export const milestoneStatus = pgEnum('milestone_status', ['pending', 'completed']);
export const serviceRequestStatus = pgEnum('service_request_status', [
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'completed',
]);
export const urgency = pgEnum('urgency', ['immediate', 'urgent', 'normal', 'flexible']);
export const businessType = pgEnum('business_type', ['sole_proprietor', 'llc', 'corporation', 'partnership', 'other']);
// The dispute reason codes and statuses of docs/contract.md §3.9, as the API names them.
export const bidDisputeReason = pgEnum('bid_dispute_reason', DISPUTE_REASONS);
export const bidDisputeStatus = pgEnum('bid_dispute_status', DISPUTE_STATUSES);

import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { bids } from './bids.js';
import { id } from './columns.js';
import { intelligenceLevel } from './enums.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

/**
 * What a block or bust bid bought (docs/contract.md §4.6). The purchase and its windows are stored;
 * the competitive figures are computed live when read, the columns keep the snapshot at purchase.
 */
export const competitiveIntelligence = pgTable(
  'competitive_intelligence',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'cascade' }),
    intelligenceLevel: intelligenceLevel('intelligence_level').notNull(),
    creditsSpent: integer('credits_spent').notNull(),
    totalCompetitors: integer('total_competitors').notNull().default(0),
    competitorTierCounts: jsonb('competitor_tier_counts'),
    activityLevel: text('activity_level'),
    averageBidRange: jsonb('average_bid_range'),
    bustAdvantageActive: boolean('bust_advantage_active').notNull().default(true),
    competitorDetails: jsonb('competitor_details'),
    bidTimingAnalysis: jsonb('bid_timing_analysis'),
    blockResponseWindow: timestamp('block_response_window', { withTimezone: true }),
    bustPriorityUntil: timestamp('bust_priority_until', { withTimezone: true }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    unique('competitive_intelligence_job_provider_key').on(t.jobId, t.providerId),
    check('competitive_intelligence_credits_positive', sql`${t.creditsSpent} > 0`),
  ],
);

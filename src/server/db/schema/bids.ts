import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns.js';
import { bidStatus, bidTier } from './enums.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

export const bids = pgTable(
  'bids',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    message: text('message'),
    estimatedDuration: text('estimated_duration'),
    tier: bidTier('tier').notNull().default('regular'),
    creditsCost: integer('credits_cost').notNull().default(9),
    status: bidStatus('status').notNull().default('pending'),
    // A block bid may be revised once inside its response window (docs/contract.md §4.6).
    revisedAt: timestamp('revised_at', { withTimezone: true }),
    // When the job's owner was first served the bid in their bid list, or declined it (docs/contract.md §3.9).
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    // When the owner declined it ('Not for me'): a rejected bid with this set was declined, not just not selected.
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    // When its credits came back: the time of its refund ledger row, written by the database as that row is
    // (migration 0018's trigger), whoever refunds it (the make-good, a dispute, a job leaving 'open').
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One bid per provider per job (docs/contract.md §4.7): a race loses to this index.
    unique('bids_job_provider_key').on(t.jobId, t.providerId),
    index('bids_provider_idx').on(t.providerId, t.createdAt),
    index('bids_job_created_idx').on(t.jobId, t.createdAt),
    // The make-good sweep's candidates: pending bids nobody has viewed, oldest first (decision 040), less those
    // refunded already, which stay pending and unviewed until their job leaves 'open' (decision 051).
    index('bids_unviewed_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.viewedAt} is null and ${t.refundedAt} is null`),
    check('bids_amount_non_negative', sql`${t.amount} >= 0`),
    check('bids_credits_cost_positive', sql`${t.creditsCost} > 0`),
  ],
);

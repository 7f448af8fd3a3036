import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { bidDisputeReason, bidDisputeStatus } from './enums.js';
import { bids } from './bids.js';
import { users } from './users.js';

/** A provider's dispute of one of their bids, and the decision on it (docs/decisions/041-bid-disputes.md). */
export const bidDisputes = pgTable(
  'bid_disputes',
  {
    id: id(),
    bidId: uuid('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: bidDisputeReason('reason').notNull(),
    details: text('details'),
    status: bidDisputeStatus('status').notNull().default('open'),
    // The operator's note (or the automatic approval's); null while open.
    note: text('note'),
    // Who decided: an operator, or null for the automatic approval of a verified duplicate_job.
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One dispute per bid (docs/contract.md §3.9): a second one, even racing, loses to this index.
    unique('bid_disputes_bid_key').on(t.bidId),
    index('bid_disputes_provider_idx').on(t.providerId, t.createdAt),
    // The operators' queue: open disputes, oldest first.
    index('bid_disputes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check('bid_disputes_decided', sql`(${t.status} = 'open') = (${t.decidedAt} IS NULL)`),
  ],
);

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { jobs } from './jobs.js';

/**
 * A posted job's lead alerts still to send, one row per job, written in the transaction that posts it
 * (docs/decisions/046-lead-fanout-after-commit.md): a worker in every instance claims a pending row with FOR UPDATE
 * SKIP LOCKED, writes the alerts and marks it done in one transaction. The job's primary key makes one fan-out per
 * job; a deleted job takes its row with it.
 */
export const leadFanouts = pgTable(
  'lead_fanouts',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The origin of the request that posted the job (mail/link-origin.ts): the alerts' links follow it. */
    origin: text('origin').notNull(),
    createdAt: createdAt(),
    /** When its alerts were written; null while pending. */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('lead_fanouts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

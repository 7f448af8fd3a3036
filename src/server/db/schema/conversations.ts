import { index, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

/** One job plus two people: its owner and one provider (docs/contract.md §4.10). */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_job_provider_key').on(t.jobId, t.providerId),
    index('conversations_customer_idx').on(t.customerId),
    index('conversations_provider_idx').on(t.providerId),
  ],
);

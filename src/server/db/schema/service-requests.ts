import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns.js';
import { serviceRequestStatus, urgency } from './enums.js';
import { users } from './users.js';

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    serviceType: text('service_type').notNull(),
    urgency: urgency('urgency').notNull().default('normal'),
    budget: money('budget'),
    preferredDate: date('preferred_date'),
    location: text('location'),
    status: serviceRequestStatus('status').notNull().default('pending'),
    customerNotes: text('customer_notes'),
    providerResponse: text('provider_response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_requests_provider_idx').on(t.providerId, t.createdAt),
    index('service_requests_customer_idx').on(t.customerId, t.createdAt),
    check('service_requests_budget_positive', sql`${t.budget} IS NULL OR ${t.budget} > 0`),
  ],
);

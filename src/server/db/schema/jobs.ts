import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories } from './categories.js';
import { createdAt, id, money, updatedAt } from './columns.js';
import { jobStatus, jobTimeline } from './enums.js';
import { serviceRequests } from './service-requests.js';
import { users } from './users.js';

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    budgetMin: money('budget_min'),
    budgetMax: money('budget_max'),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    county: text('county'),
    fullAddress: text('full_address'),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeline: jobTimeline('timeline'),
    status: jobStatus('status').notNull().default('open'),
    // The provider hired on the job: set when the owner accepts a bid or a provider accepts a service
    // request (docs/contract.md §4.8, §4.12).
    hiredProviderId: uuid('hired_provider_id').references(() => users.id, { onDelete: 'set null' }),
    // Set on the private job an accepted service request becomes; such a job is never in the public list.
    serviceRequestId: uuid('service_request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    requiresLicense: boolean('requires_license').notNull().default(false),
    requiresInsurance: boolean('requires_insurance').notNull().default(false),
    requiresReferences: boolean('requires_references').notNull().default(false),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The bid cap in force when the job was posted (JOB_BID_CAP; null: no cap, and no seat limits), and every bid
    // ever placed on it, all tiers and per premium tier: bids_place (bids/queries.ts) reads and raises them under
    // the job's row lock, so the cap holds under concurrency (docs/decisions/037-published-bid-cap-and-seats.md).
    bidCap: integer('bid_cap'),
    bidCount: integer('bid_count').notNull().default(0),
    blockBidCount: integer('block_bid_count').notNull().default(0),
    bustBidCount: integer('bust_bid_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_status_created_idx').on(t.status, t.createdAt),
    index('jobs_customer_idx').on(t.customerId, t.createdAt),
    index('jobs_hired_provider_idx').on(t.hiredProviderId, t.createdAt),
    uniqueIndex('jobs_service_request_key').on(t.serviceRequestId),
    check('jobs_budget_min_non_negative', sql`${t.budgetMin} IS NULL OR ${t.budgetMin} >= 0`),
    check('jobs_budget_max_non_negative', sql`${t.budgetMax} IS NULL OR ${t.budgetMax} >= 0`),
    // With a cap: at most the cap bids, 2 Block and 1 Bust (BID_SEATS, docs/contract.md §3.9), whoever inserts.
    check(
      'jobs_bid_cap',
      sql`${t.bidCap} IS NULL OR (${t.bidCap} >= 1 AND ${t.bidCount} <= ${t.bidCap} AND ${t.blockBidCount} <= 2 AND ${t.bustBidCount} <= 1)`,
    ),
    check(
      'jobs_bid_counts_non_negative',
      sql`${t.bidCount} >= 0 AND ${t.blockBidCount} >= 0 AND ${t.bustBidCount} >= 0`,
    ),
    check(
      'jobs_budget_range',
      sql`${t.budgetMin} IS NULL OR ${t.budgetMax} IS NULL OR ${t.budgetMin} <= ${t.budgetMax}`,
    ),
  ],
);

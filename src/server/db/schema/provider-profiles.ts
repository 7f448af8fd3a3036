import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name'),
    description: text('description'),
    serviceRadius: integer('service_radius').notNull().default(25),
    serviceCategories: integer('service_categories')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isLicensed: boolean('is_licensed').notNull().default(false),
    isInsured: boolean('is_insured').notNull().default(false),
    portfolioImages: text('portfolio_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    website: text('website'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('provider_profiles_radius_range', sql`${t.serviceRadius} BETWEEN 1 AND 500`)],
);

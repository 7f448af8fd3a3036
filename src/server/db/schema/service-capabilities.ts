import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles.js';
import { categories } from './categories.js';
import { createdAt, id, money } from './columns.js';

export const serviceCapabilities = pgTable(
  'service_capabilities',
  {
    id: id(),
    businessProfileId: uuid('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    isSpecialty: boolean('is_specialty').notNull().default(false),
    priceRangeMin: money('price_range_min'),
    priceRangeMax: money('price_range_max'),
    experienceYears: integer('experience_years'),
    description: text('description'),
    createdAt: createdAt(),
    // The profile's rank (is_verified, rating, business_name), copied here by the database itself: triggers of
    // migration 0014 fill them on insert and follow every change of the profile's (decision 047). With the
    // category first, the index below hands out a category's profiles in the directory's order.
    rankVerified: boolean('rank_verified').notNull().default(false),
    rankRating: numeric('rank_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    rankName: text('rank_name').notNull().default(''),
  },
  (t) => [
    // A profile's services, and whether it offers a category from the index alone: a search near a ZIP and lead
    // matching test that on every covering area's profile before reading any profile (decision 056).
    index('service_capabilities_profile_category_idx').on(t.businessProfileId, t.categoryId),
    index('service_capabilities_category_idx').on(
      t.categoryId,
      t.rankVerified.desc().nullsFirst(),
      t.rankRating.desc().nullsFirst(),
      t.rankName,
      t.businessProfileId,
    ),
    check(
      'service_capabilities_experience_range',
      sql`${t.experienceYears} IS NULL OR ${t.experienceYears} BETWEEN 0 AND 50`,
    ),
  ],
);

import { integer, numeric, pgTable, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles.js';
import { updatedAt } from './columns.js';

const average = (name: string) => numeric(name, { precision: 3, scale: 2 });

export const providerRatingSummaries = pgTable('provider_rating_summaries', {
  businessProfileId: uuid('business_profile_id')
    .primaryKey()
    .references(() => businessProfiles.id, { onDelete: 'cascade' }),
  totalRatings: integer('total_ratings').notNull().default(0),
  averageRating: average('average_rating').notNull().default('0'),
  oneStarCount: integer('one_star_count').notNull().default(0),
  twoStarCount: integer('two_star_count').notNull().default(0),
  threeStarCount: integer('three_star_count').notNull().default(0),
  fourStarCount: integer('four_star_count').notNull().default(0),
  fiveStarCount: integer('five_star_count').notNull().default(0),
  qualityRating: average('quality_rating'),
  timelinessRating: average('timeliness_rating'),
  communicationRating: average('communication_rating'),
  valueRating: average('value_rating'),
  updatedAt: updatedAt(),
});

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles.js';
import { categories } from './categories.js';
import { createdAt, id, money } from './columns.js';

export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: id(),
    businessProfileId: uuid('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    projectValue: money('project_value'),
    completedAt: date('completed_at'),
    location: text('location'),
    beforeImageUrls: text('before_image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    afterImageUrls: text('after_image_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrl: text('video_url'),
    isPublic: boolean('is_public').notNull().default(true),
    featuredOrder: integer('featured_order'),
    createdAt: createdAt(),
  },
  (t) => [index('portfolio_items_profile_idx').on(t.businessProfileId)],
);

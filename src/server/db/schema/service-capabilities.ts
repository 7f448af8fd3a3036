import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('service_capabilities_profile_idx').on(t.businessProfileId),
    index('service_capabilities_category_idx').on(t.categoryId),
    check(
      'service_capabilities_experience_range',
      sql`${t.experienceYears} IS NULL OR ${t.experienceYears} BETWEEN 0 AND 50`,
    ),
  ],
);

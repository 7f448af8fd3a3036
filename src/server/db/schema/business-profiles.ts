import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { businessType } from './enums.js';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const businessProfiles = pgTable(
  'business_profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    businessType: businessType('business_type').notNull(),
    description: text('description'),
    website: text('website'),
    phone: text('phone'),
    businessAddress: text('business_address'),
    businessZipCode: text('business_zip_code'),
    businessCity: text('business_city'),
    businessState: text('business_state'),
    yearsInBusiness: integer('years_in_business').notNull().default(0),
    employeeCount: integer('employee_count').notNull().default(1),
    logoUrl: text('logo_url'),
    coverImageUrl: text('cover_image_url'),
    isVerified: boolean('is_verified').notNull().default(false),
    // Business name, description, city and every service's names in English and Spanish, kept by the
    // business-profile service: the directory's full-text search reads it (decision 011).
    searchDocument: text('search_document').notNull().default(''),
    // Stemmed both ways and stored, so ranking reads it instead of re-parsing every matching document.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english'::regconfig, search_document) || to_tsvector('spanish'::regconfig, search_document)`,
      ),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // The average rating, copied from provider_rating_summaries by refreshRatingSummary in the same transaction:
    // with is_verified it is the directory's order, which business_profiles_rank_idx delivers (decision 047).
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    // Languages spoken, ISO 639-1 codes (docs/contract.md §3.9); provider search filters on them.
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{en}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_profiles_years_non_negative', sql`${t.yearsInBusiness} >= 0`),
    check('business_profiles_employees_positive', sql`${t.employeeCount} >= 1`),
    index('business_profiles_search_idx').using('gin', t.searchVector),
    index('business_profiles_languages_idx').using('gin', t.languages),
    // The directory's order (search.ts): a page of the best-ranked matches is read off it, not sorted from all.
    index('business_profiles_rank_idx').on(
      t.isVerified.desc().nullsFirst(),
      t.rating.desc().nullsFirst(),
      t.businessName,
      t.id,
    ),
    check('business_profiles_languages_count', sql`cardinality(${t.languages}) BETWEEN 1 AND 10`),
  ],
);

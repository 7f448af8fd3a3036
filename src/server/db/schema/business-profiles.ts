import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { businessType } from './enums.js';
import { users } from './users.js';

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
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_profiles_years_non_negative', sql`${t.yearsInBusiness} >= 0`),
    check('business_profiles_employees_positive', sql`${t.employeeCount} >= 1`),
  ],
);

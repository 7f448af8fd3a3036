import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles.js';
import { createdAt, id, money } from './columns.js';

export const serviceAreas = pgTable(
  'service_areas',
  {
    id: id(),
    businessProfileId: uuid('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    county: text('county'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusMiles: integer('radius_miles').notNull().default(25),
    travelFee: money('travel_fee').notNull().default('0'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_areas_profile_idx').on(t.businessProfileId),
    // The ZIP-radius search's bounding-box prefilter (decision 011).
    index('service_areas_lat_lng_idx').on(t.latitude, t.longitude),
    check('service_areas_radius_range', sql`${t.radiusMiles} BETWEEN 1 AND 200`),
    check('service_areas_travel_fee_non_negative', sql`${t.travelFee} >= 0`),
  ],
);

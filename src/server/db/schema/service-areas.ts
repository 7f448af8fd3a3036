import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles.js';
import { createdAt, id, money } from './columns.js';

/**
 * The box of latitude and longitude an area's circle fits in (its centre ± its radius), a little wider than the
 * circle (68 miles to a degree, a degree being 69.1): a ZIP inside the box may be covered, one outside it is not.
 * GiST-indexed (service_areas_cover_idx), so "which areas cover this point" reads only the areas whose box holds
 * it (docs/decisions/043-scale-plans-and-notify.md), however wide the widest area is. Written once for the index
 * and the query (business-profiles/coverage.ts): PostgreSQL uses the index only for the very same expression.
 */
export function coverBox(t: { latitude: AnyPgColumn; longitude: AnyPgColumn; radiusMiles: AnyPgColumn }): SQL {
  const dLat = sql`(${t.radiusMiles}::float8 / 68.0::float8)`;
  const dLng = sql`(${t.radiusMiles}::float8 / (68.0::float8 * greatest(0.05::float8, cos(radians(${t.latitude})))))`;
  return sql`box(point(${t.longitude} - ${dLng}, ${t.latitude} - ${dLat}), point(${t.longitude} + ${dLng}, ${t.latitude} + ${dLat}))`;
}

/**
 * An area's centre as a point (longitude, latitude), GiST-indexed (service_areas_centre_idx) for a nearest-first
 * walk: `centre <-> point` hands the areas out nearest first on the plane of degrees (decision 049). Written once for
 * the index and the query, as coverBox is.
 */
export function centrePoint(t: { latitude: AnyPgColumn; longitude: AnyPgColumn }): SQL {
  return sql`point(${t.longitude}, ${t.latitude})`;
}

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
    // The profile's rank (is_verified, rating, business_name), copied here by the database as onto its services
    // (migration 0014's triggers, extended by 0017): a ZIP search orders the covering areas' profiles without
    // reading them (decision 050).
    rankVerified: boolean('rank_verified').notNull().default(false),
    rankRating: numeric('rank_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    rankName: text('rank_name').notNull().default(''),
  },
  (t) => [
    index('service_areas_profile_idx').on(t.businessProfileId),
    // The areas that may cover a ZIP (search's distance and lead alerts): each area's own box (coverBox).
    // Both GiST indexes also hold the profile, centre, radius and rank columns, so a ZIP search reads its areas from
    // the index alone (migration 0017, decision 050; drizzle cannot say INCLUDE).
    index('service_areas_cover_idx').using('gist', coverBox(t)),
    // The areas nearest a ZIP first (search in a dense place, decision 049): each area's centre (centrePoint).
    index('service_areas_centre_idx').using('gist', centrePoint(t)),
    check('service_areas_radius_range', sql`${t.radiusMiles} BETWEEN 1 AND 200`),
    check('service_areas_travel_fee_non_negative', sql`${t.travelFee} >= 0`),
  ],
);

import { and, eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { param } from '#server/db/client.js';
import { centrePoint, coverBox, serviceAreas, serviceCapabilities } from '#server/db/schema/index.js';
import { lookupZip } from '#server/zip/index.js';

// The one rule of "a service area covers a ZIP" (docs/contract.md §3.2): provider search and lead alerts both
// use coverage (lead alerts through coveringAreas), so a provider found near a ZIP is exactly one alerted about a
// job there.

const EARTH_RADIUS_MILES = 3958.8;

/** 'zip': the dataset knows the ZIP's point (distance); 'unknown_zip': only areas on that very ZIP. */
export type ZipKind = 'zip' | 'unknown_zip';

export const zipKindOf = (zip: string): ZipKind => (lookupZip(zip.slice(0, 5)) ? 'zip' : 'unknown_zip');

/** The placeholder values coveringAreas reads for `zip`. */
export function coverageParams(zip: string): Record<string, unknown> {
  const place = lookupZip(zip.slice(0, 5));
  if (!place) return { zip: zip.slice(0, 5) };
  return { lat: place.latitude, lng: place.longitude };
}

/** A number parameter typed as double precision (PostgreSQL would otherwise infer an integer from `$1 * 2`). */
export const float = (name: string) => sql`${param(name)}::float8`;
/** Builds the subquery's SQL without a database: its text is the same on every one. */
const qb = new QueryBuilder();

/**
 * Great-circle distance in miles from the ZIP's point to each area's centre (haversine, plain SQL: no PostGIS in
 * PGlite); `centre` names the centre's columns where they are read from another relation than service_areas.
 */
export function distanceFromZip(
  centre: { latitude: SQL | AnyPgColumn; longitude: SQL | AnyPgColumn } = serviceAreas,
): SQL<number> {
  const lat = float('lat');
  return sql<number>`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${centre.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${centre.latitude}))
      * power(sin(radians(${centre.longitude} - ${float('lng')}) / 2), 2)))))`;
}

/** The ZIP's point as a box of one point, for coverBox's `@>`. */
const zipBox = () => sql`box(point(${float('lng')}, ${float('lat')}), point(${float('lng')}, ${float('lat')}))`;

/** Does the area's box hold the ZIP's point: service_areas_cover_idx answers it. */
export const boxHoldsZip = (): SQL => sql`${coverBox(serviceAreas)} @> ${zipBox()}`;

/** How far, on the plane of degrees, an area's centre is from the ZIP's point: service_areas_centre_idx orders by it. */
export const planarFromZip = (): SQL<number> =>
  sql<number>`(${centrePoint(serviceAreas)} <-> point(${float('lng')}, ${float('lat')}))`;

/** Miles to a degree of latitude (a great circle's degree, 3958.8 × π / 180). */
export const MILES_PER_DEGREE = 69.09;

/**
 * The rule of one area covering the ZIP, and the distance to it (the areas' nearest, per profile), for
 * coveringAreas and the searches that also read each profile's rank off its areas.
 */
export function coverage(kind: ZipKind): { covers: SQL; distance: SQL<number> } {
  if (kind === 'unknown_zip')
    return { covers: eq(serviceAreas.zipCode, param('zip'))!, distance: sql<number>`0::float8` };
  const distance = distanceFromZip();
  return {
    covers: and(boxHoldsZip(), sql`${distance} <= ${serviceAreas.radiusMiles}`)!,
    distance: sql<number>`min(${distance})`,
  };
}

/**
 * Profiles with an area covering the ZIP (distance from the area's centre ≤ its radius) and the distance
 * to the nearest such area's centre, as subquery `near` with placeholders (coverageParams). The areas whose
 * own box holds the ZIP's point (coverBox, GiST-indexed) keep the exact distance to a few rows. `alsoWhere`: more
 * conditions on each covering area (its profile's services, say), tested before any profile row is read.
 */
export function coveringAreas(kind: ZipKind, alsoWhere: SQL[] = []) {
  const { covers, distance } = coverage(kind);
  return qb
    .select({ profileId: serviceAreas.businessProfileId, distance: distance.as('distance') })
    .from(serviceAreas)
    .where(and(covers, ...alsoWhere))
    .groupBy(serviceAreas.businessProfileId)
    .as('near');
}

/**
 * Does the profile `profileId` names offer the category (placeholder `category`)? Tested on a covering area's profile
 * id (the area's index holds it), it keeps the profiles that do not from being read at all (decisions 054 and 056).
 */
export const offersCategory = (profileId: SQL | AnyPgColumn = serviceAreas.businessProfileId): SQL =>
  sql`exists (select 1 from ${serviceCapabilities} where ${serviceCapabilities.businessProfileId} = ${profileId}
    and ${serviceCapabilities.categoryId} = ${param('category')})`;

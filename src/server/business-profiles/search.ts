import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProviderSearchQuerySchema, ProviderSearchResult } from '#shared/business-profiles.js';
import type { DbOrTx } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  providerRatingSummaries,
  serviceAreas,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';
import type { PublicCtx } from '#server/http/context.js';
import { lookupZip } from '#server/zip/service.js';

type SearchQuery = z.output<typeof ProviderSearchQuerySchema>;

const EARTH_RADIUS_MILES = 3958.8;
/** The widest service area (spec §9): the bounding box around a ZIP never needs to be larger. */
const MAX_RADIUS_MILES = 200;
const MILES_PER_DEGREE_LATITUDE = 69.05;

// Stored and GIN-indexed (business_profiles_search_idx): English and Spanish stems of the search document.
const documentVector = businessProfiles.searchVector;

function textQuery(q: string): SQL {
  return sql`(websearch_to_tsquery('english'::regconfig, ${q}) || websearch_to_tsquery('spanish'::regconfig, ${q}))`;
}

/** Great-circle distance in miles from a point to each area's centre (haversine, plain SQL: no PostGIS in PGlite). */
function distanceFrom(latitude: number, longitude: number): SQL<number> {
  const lat = float(latitude);
  return sql<number>`(${float(EARTH_RADIUS_MILES)} * 2 * asin(least(1, sqrt(
    power(sin(radians(${serviceAreas.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${serviceAreas.latitude}))
      * power(sin(radians(${serviceAreas.longitude} - ${float(longitude)}) / 2), 2)))))`;
}

/** A number parameter typed as double precision (PostgreSQL would otherwise infer an integer from `$1 * 2`). */
const float = (value: number) => sql`${value}::float8`;

/**
 * Profiles with an area covering the ZIP and the distance to the nearest such area's centre. The
 * bounding box on indexed latitude/longitude keeps the exact distance to a few rows.
 */
function coveringAreas(db: DbOrTx, zip: string) {
  const place = lookupZip(zip);
  if (!place) {
    // A ZIP the dataset does not know: only areas registered on that very ZIP.
    return db
      .select({ profileId: serviceAreas.businessProfileId, distance: sql<number>`0::float8`.as('distance') })
      .from(serviceAreas)
      .where(eq(serviceAreas.zipCode, zip))
      .groupBy(serviceAreas.businessProfileId)
      .as('near');
  }
  const { latitude: lat, longitude: lng } = place;
  const dLat = MAX_RADIUS_MILES / MILES_PER_DEGREE_LATITUDE;
  const dLng = MAX_RADIUS_MILES / (MILES_PER_DEGREE_LATITUDE * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
  const distance = distanceFrom(lat, lng);
  return db
    .select({ profileId: serviceAreas.businessProfileId, distance: sql<number>`min(${distance})`.as('distance') })
    .from(serviceAreas)
    .where(
      and(
        sql`${serviceAreas.latitude} between ${float(lat - dLat)} and ${float(lat + dLat)}`,
        sql`${serviceAreas.longitude} between ${float(lng - dLng)} and ${float(lng + dLng)}`,
        sql`${distance} <= ${serviceAreas.radiusMiles}`,
      ),
    )
    .groupBy(serviceAreas.businessProfileId)
    .as('near');
}

/** City text ('Austin' or 'Austin, TX') against service-area and business cities. */
function cityMatches(location: string): SQL {
  const [city = '', state = ''] = location.split(',').map((part) => part.trim());
  const cityPattern = `${city.replace(/[\\%_]/g, '\\$&')}%`;
  const stateFilter = state ? sql` and ${serviceAreas.state} ilike ${state}` : sql``;
  const businessState = state ? sql` and ${businessProfiles.businessState} ilike ${state}` : sql``;
  return sql`(exists (select 1 from ${serviceAreas} where ${serviceAreas.businessProfileId} = ${businessProfiles.id}
      and ${serviceAreas.city} ilike ${cityPattern}${stateFilter})
    or (${businessProfiles.businessCity} ilike ${cityPattern}${businessState}))`;
}

/**
 * GET /api/providers/search (DESIGN.md §3.2): full text in English and Spanish, a category, and a
 * ZIP (nearest first, by real distance) or a city. Only providers with a business profile appear.
 */
/** The page query itself (bench/search.ts EXPLAINs it): matching profiles in order, with the total. */
export function searchPage(db: DbOrTx, query: SearchQuery) {
  const conditions: SQL[] = [];
  const order: SQL[] = [];
  const isZip = /^\d{5}(-\d{4})?$/.test(query.location);
  const near = isZip ? coveringAreas(db, query.location.slice(0, 5)) : null;

  // A query of stop words only ('a' in both languages) narrows nothing instead of matching nothing.
  if (query.q) conditions.push(sql`(numnode(${textQuery(query.q)}) = 0 or ${documentVector} @@ ${textQuery(query.q)})`);
  if (query.category !== null) {
    conditions.push(
      sql`exists (select 1 from ${serviceCapabilities} where ${serviceCapabilities.businessProfileId} = ${businessProfiles.id}
        and ${serviceCapabilities.categoryId} = ${query.category})`,
    );
  }
  if (query.location && !isZip) conditions.push(cityMatches(query.location));

  if (near) order.push(sql`${near.distance} asc`);
  if (query.q) order.push(sql`ts_rank(${documentVector}, ${textQuery(query.q)}) desc`);
  order.push(
    desc(businessProfiles.isVerified),
    sql`coalesce(${providerRatingSummaries.averageRating}, 0) desc`,
    asc(businessProfiles.businessName),
    asc(businessProfiles.id),
  );

  const base = db
    .select({
      profile: {
        id: businessProfiles.id,
        businessName: businessProfiles.businessName,
        description: businessProfiles.description,
        yearsInBusiness: businessProfiles.yearsInBusiness,
        isVerified: businessProfiles.isVerified,
        logoUrl: businessProfiles.logoUrl,
      },
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
      rating: providerRatingSummaries.averageRating,
      reviewCount: providerRatingSummaries.totalRatings,
      distance: near ? near.distance : sql<number | null>`null::float8`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .leftJoin(providerRatingSummaries, eq(providerRatingSummaries.businessProfileId, businessProfiles.id));
  const joined = near ? base.innerJoin(near, eq(near.profileId, businessProfiles.id)) : base;
  const page = joined
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  return { page, hasDistance: near !== null };
}

/** GET /api/providers/search: a page of results in the spec's search-result shape and the total. */
export async function searchProviders(
  ctx: PublicCtx,
  query: SearchQuery,
): Promise<{ total: number; providers: ProviderSearchResult[] }> {
  const { page, hasDistance } = searchPage(ctx.db, query);
  const rows = await page;
  const total = rows[0]?.total ?? (query.offset > 0 ? await countOnly(ctx, query) : 0);
  const lists = await listsFor(
    ctx.db,
    rows.map((row) => row.profile.id),
  );
  const providers = rows.map((row): ProviderSearchResult => {
    const result: ProviderSearchResult = {
      id: row.user.id,
      businessName: row.profile.businessName,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      profileImageUrl: row.user.profileImageUrl,
      logoUrl: row.profile.logoUrl,
      rating: Number(row.rating ?? 0),
      reviewCount: row.reviewCount ?? 0,
      verified: row.profile.isVerified,
      description: row.profile.description,
      serviceCapabilities: lists.capabilities.get(row.profile.id) ?? [],
      serviceAreas: lists.areas.get(row.profile.id) ?? [],
      yearsExperience: row.profile.yearsInBusiness,
    };
    if (hasDistance) result.distanceMiles = Math.round(Number(row.distance) * 10) / 10;
    return result;
  });
  return { total, providers };
}

/** A page past the end still reports the total. */
async function countOnly(ctx: PublicCtx, query: SearchQuery): Promise<number> {
  const { total } = await searchProviders(ctx, { ...query, offset: 0, limit: 1 });
  return total;
}

async function listsFor(db: DbOrTx, profileIds: string[]) {
  const capabilities = new Map<string, ProviderSearchResult['serviceCapabilities']>();
  const areas = new Map<string, ProviderSearchResult['serviceAreas']>();
  if (profileIds.length === 0) return { capabilities, areas };
  const [capRows, areaRows] = await Promise.all([
    db
      .select({
        profileId: serviceCapabilities.businessProfileId,
        id: serviceCapabilities.id,
        categoryId: serviceCapabilities.categoryId,
        isSpecialty: serviceCapabilities.isSpecialty,
        category: { id: categories.id, slug: categories.slug, name: categories.name },
      })
      .from(serviceCapabilities)
      .innerJoin(categories, eq(categories.id, serviceCapabilities.categoryId))
      .where(inArray(serviceCapabilities.businessProfileId, profileIds))
      .orderBy(desc(serviceCapabilities.isSpecialty), asc(serviceCapabilities.createdAt)),
    db
      .select({
        profileId: serviceAreas.businessProfileId,
        id: serviceAreas.id,
        zipCode: serviceAreas.zipCode,
        city: serviceAreas.city,
        state: serviceAreas.state,
        radiusMiles: serviceAreas.radiusMiles,
        isPrimary: serviceAreas.isPrimary,
      })
      .from(serviceAreas)
      .where(inArray(serviceAreas.businessProfileId, profileIds))
      .orderBy(desc(serviceAreas.isPrimary), asc(serviceAreas.createdAt)),
  ]);
  for (const { profileId, ...cap } of capRows)
    capabilities.set(profileId, [...(capabilities.get(profileId) ?? []), cap]);
  for (const { profileId, ...area } of areaRows) areas.set(profileId, [...(areas.get(profileId) ?? []), area]);
  return { capabilities, areas };
}

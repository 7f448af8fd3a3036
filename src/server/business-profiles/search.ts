import { and, asc, desc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ProviderSearchQuerySchema, ProviderSearchResult } from '#shared/business-profiles.js';
import { columnList } from '#server/db/columns.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  providerRatingSummaries,
  serviceAreas,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';
import type { PublicCtx } from '#server/http/context.js';
import { lookupZip } from '#server/zip/index.js';
import { coverageParams, coveringAreas, type ZipKind } from './coverage.js';

type SearchQuery = z.output<typeof ProviderSearchQuerySchema>;

// Stored and GIN-indexed (business_profiles_search_idx): English and Spanish stems of the search document.
const documentVector = businessProfiles.searchVector;

/**
 * Which filters a query uses: each shape is one statement, built once per database and prepared (issue 16,
 * decision 018); the values travel as parameters. `location`: none, a ZIP the dataset knows (distance), an
 * unknown ZIP (areas on that very ZIP), a city, or 'City, ST'.
 */
type Shape = {
  text: boolean;
  category: boolean;
  language: boolean;
  location: 'none' | 'zip' | 'unknown_zip' | 'city' | 'city_state';
};

function shapeOf(query: SearchQuery): Shape {
  const isZip = /^\d{5}(-\d{4})?$/.test(query.location);
  const city = query.location.split(',').map((part) => part.trim());
  return {
    text: query.q !== '',
    category: query.category !== null,
    language: query.language !== null,
    location: isZip
      ? lookupZip(query.location.slice(0, 5))
        ? 'zip'
        : 'unknown_zip'
      : !query.location
        ? 'none'
        : city[1]
          ? 'city_state'
          : 'city',
  };
}

/** The values of a query's placeholders. */
function paramsOf(query: SearchQuery, shape: Shape): Record<string, unknown> {
  const params: Record<string, unknown> = {
    q: query.q,
    category: query.category,
    language: query.language,
    limit: query.limit,
    offset: query.offset,
  };
  if (shape.location === 'zip' || shape.location === 'unknown_zip')
    Object.assign(params, coverageParams(query.location));
  if (shape.location === 'city' || shape.location === 'city_state') {
    const [city = '', state = ''] = query.location.split(',').map((part) => part.trim());
    Object.assign(params, { cityPattern: `${city.replace(/[\\%_]/g, '\\$&')}%`, state });
  }
  return params;
}

function textQuery(): SQL {
  return sql`(websearch_to_tsquery('english'::regconfig, ${param('q')}) || websearch_to_tsquery('spanish'::regconfig, ${param('q')}))`;
}

/** City text ('Austin' or 'Austin, TX') against service-area and business cities. */
function cityMatches(withState: boolean): SQL {
  const stateFilter = withState ? sql` and ${serviceAreas.state} ilike ${param('state')}` : sql``;
  const businessState = withState ? sql` and ${businessProfiles.businessState} ilike ${param('state')}` : sql``;
  return sql`(exists (select 1 from ${serviceAreas} where ${serviceAreas.businessProfileId} = ${businessProfiles.id}
      and ${serviceAreas.city} ilike ${param('cityPattern')}${stateFilter})
    or (${businessProfiles.businessCity} ilike ${param('cityPattern')}${businessState}))`;
}

/**
 * A result's services and areas, read in the page query itself (one round trip, not three). They are
 * select-list subqueries that are not sort keys, so PostgreSQL evaluates them after the sort and the limit:
 * for the page's rows only. JSON carries only strings, integers and booleans here, read as the API gives them.
 */
const capabilitiesOf = sql<ProviderSearchResult['serviceCapabilities']>`coalesce((select json_agg(json_build_object(
    'id', ${serviceCapabilities.id}, 'categoryId', ${serviceCapabilities.categoryId},
    'isSpecialty', ${serviceCapabilities.isSpecialty},
    'category', json_build_object('id', ${categories.id}, 'slug', ${categories.slug}, 'name', ${categories.name}))
    order by ${serviceCapabilities.isSpecialty} desc, ${serviceCapabilities.createdAt} asc)
  from ${serviceCapabilities} inner join ${categories} on ${categories.id} = ${serviceCapabilities.categoryId}
  where ${serviceCapabilities.businessProfileId} = ${businessProfiles.id}), '[]'::json)`;
const areasOf = sql<ProviderSearchResult['serviceAreas']>`coalesce((select json_agg(json_build_object(
    'id', ${serviceAreas.id}, 'zipCode', ${serviceAreas.zipCode}, 'city', ${serviceAreas.city},
    'state', ${serviceAreas.state}, 'radiusMiles', ${serviceAreas.radiusMiles}, 'isPrimary', ${serviceAreas.isPrimary})
    order by ${serviceAreas.isPrimary} desc, ${serviceAreas.createdAt} asc)
  from ${serviceAreas} where ${serviceAreas.businessProfileId} = ${businessProfiles.id}), '[]'::json)`;

/** The page query of one shape, with placeholders: matching profiles in order, their lists, and the total. */
function buildSearch(db: DbOrTx, shape: Shape) {
  const conditions: SQL[] = [];
  const order: SQL[] = [];
  const isZip = shape.location === 'zip' || shape.location === 'unknown_zip';
  const near = isZip ? coveringAreas(shape.location as ZipKind) : null;

  // A query of stop words only ('a' in both languages) narrows nothing instead of matching nothing.
  if (shape.text) conditions.push(sql`(numnode(${textQuery()}) = 0 or ${documentVector} @@ ${textQuery()})`);
  if (shape.category) {
    conditions.push(
      sql`exists (select 1 from ${serviceCapabilities} where ${serviceCapabilities.businessProfileId} = ${businessProfiles.id}
        and ${serviceCapabilities.categoryId} = ${param('category')})`,
    );
  }
  // The languages column's GIN index answers the containment.
  if (shape.language) conditions.push(sql`${businessProfiles.languages} @> array[${param('language')}::text]`);
  if (shape.location === 'city' || shape.location === 'city_state') {
    conditions.push(cityMatches(shape.location === 'city_state'));
  }

  if (near) order.push(sql`${near.distance} asc`);
  if (shape.text) order.push(sql`ts_rank(${documentVector}, ${textQuery()}) desc`);
  order.push(
    desc(businessProfiles.isVerified),
    sql`coalesce(${providerRatingSummaries.averageRating}, 0) desc`,
    asc(businessProfiles.businessName),
    asc(businessProfiles.id),
  );

  const base = db
    .select(searchFields(near))
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .leftJoin(providerRatingSummaries, eq(providerRatingSummaries.businessProfileId, businessProfiles.id));
  const joined = near ? base.innerJoin(near, eq(near.profileId, businessProfiles.id)) : base;
  return joined
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order)
    .limit(param('limit'))
    .offset(param('offset'));
}

const shapeKey = (shape: Shape) =>
  `${Number(shape.text)}${Number(shape.category)}${shape.language ? 'l' : ''}_${shape.location}`;

/** A page row's columns, by name: buildSearch selects them, readResult reads them (decision 028). */
type SearchValues = {
  profileId: string;
  businessName: string;
  description: string | null;
  yearsInBusiness: number;
  isVerified: boolean;
  logoUrl: string | null;
  userId: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  rating: string | null;
  reviewCount: number | null;
  languages: string[];
  distance: number | null;
  total: string | number;
  capabilities: ProviderSearchResult['serviceCapabilities'];
  areas: ProviderSearchResult['serviceAreas'];
};

function searchFields(near: ReturnType<typeof coveringAreas> | null): { [K in keyof SearchValues]: SQL | PgColumn } {
  return {
    profileId: businessProfiles.id,
    businessName: businessProfiles.businessName,
    description: businessProfiles.description,
    yearsInBusiness: businessProfiles.yearsInBusiness,
    isVerified: businessProfiles.isVerified,
    logoUrl: businessProfiles.logoUrl,
    userId: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    profileImageUrl: users.profileImageUrl,
    rating: providerRatingSummaries.averageRating,
    reviewCount: providerRatingSummaries.totalRatings,
    languages: businessProfiles.languages,
    distance: near ? sql`${near.distance}` : sql`null::float8`,
    total: sql`count(*) over ()`,
    capabilities: capabilitiesOf,
    areas: areasOf,
  };
}
/** The positions of searchFields' columns (the same for every shape). */
const searchColumns = columnList<SearchValues>(searchFields(null));

/**
 * A page row straight into the API's shape (decision 028) with the total beside it. JSON carries the services
 * and areas as the API gives them; numeric and bigint come as text.
 */
function readResult(hasDistance: boolean) {
  const { read } = searchColumns;
  return (r: unknown[]) => {
    const result: ProviderSearchResult = {
      id: read(r, 'userId'),
      businessName: read(r, 'businessName'),
      firstName: read(r, 'firstName'),
      lastName: read(r, 'lastName'),
      profileImageUrl: read(r, 'profileImageUrl'),
      logoUrl: read(r, 'logoUrl'),
      rating: Number(read(r, 'rating') ?? 0),
      reviewCount: read(r, 'reviewCount') ?? 0,
      verified: read(r, 'isVerified'),
      description: read(r, 'description'),
      serviceCapabilities: read(r, 'capabilities'),
      serviceAreas: read(r, 'areas'),
      yearsExperience: read(r, 'yearsInBusiness'),
      languages: read(r, 'languages'),
    };
    if (hasDistance) result.distanceMiles = Math.round(Number(read(r, 'distance')) * 10) / 10;
    return { total: Number(read(r, 'total')), result };
  };
}

/** Each shape's statement, its text built once (it does not depend on the database it runs on). */
const statementByShape = new Map<string, ReturnType<typeof searchStatement>>();

function searchStatement(db: DbOrTx, shape: Shape) {
  const hasDistance = shape.location === 'zip' || shape.location === 'unknown_zip';
  return preparedStatement(
    `provider_search_${shapeKey(shape)}`,
    buildSearch(db, shape).getSQL(),
    readResult(hasDistance),
  );
}

function preparedSearch(db: DbOrTx, shape: Shape) {
  const key = shapeKey(shape);
  let statement = statementByShape.get(key);
  if (!statement) statementByShape.set(key, (statement = searchStatement(db, shape)));
  return statement;
}

/** The page query's SQL and values for a query (bench/search.ts EXPLAINs it). */
export function searchPageSql(db: DbOrTx, query: SearchQuery): { sql: string; params: unknown[] } {
  const shape = shapeOf(query);
  const { sql: text, params } = buildSearch(db, shape).toSQL();
  return { sql: text, params: fillPlaceholders(params, paramsOf(query, shape)) };
}

/**
 * GET /api/providers/search (docs/contract.md §3.2): full text in English and Spanish, a category, and a
 * ZIP (nearest first, by real distance) or a city. Only providers with a business profile appear.
 * One statement per request: a page of results in the spec's search-result shape and the total.
 */
export async function searchProviders(
  ctx: PublicCtx,
  query: SearchQuery,
): Promise<{ total: number; providers: ProviderSearchResult[] }> {
  const shape = shapeOf(query);
  const rows = await preparedSearch(ctx.db, shape)(ctx.db, paramsOf(query, shape));
  const total = rows[0]?.total ?? (query.offset > 0 ? await countOnly(ctx, query) : 0);
  const providers = rows.map((row) => row.result);
  return { total, providers };
}

/** A page past the end still reports the total. */
async function countOnly(ctx: PublicCtx, query: SearchQuery): Promise<number> {
  const { total } = await searchProviders(ctx, { ...query, offset: 0, limit: 1 });
  return total;
}

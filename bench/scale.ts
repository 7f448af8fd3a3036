/**
 * Marketplace scale (issue 35), on real PostgreSQL: the data, then the load.
 *
 *   npm run bench:scale                      (full scale: minutes, several GB of disk)
 *   BENCH_SCALE=0.01 npm run bench:scale     (a hundredth, to try it)
 *
 * Creates a scratch database next to BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * applies the migrations and the categories as the app does, then fills it with bench/support/scale-seed.ts:
 * 300,000 providers (business profiles, services, service areas on real ZIPs across all states, ratings, a tenth
 * with Spanish as their language), 200,000 customers, 1,000,000 jobs over three years (the newest 5 % open),
 * 2,000,000 bids with their ledger rows, and 5,000,000 messages in 1,000,000 conversations. Prints each step's
 * time, the whole seed time and the tables' sizes, and the machine's load. The database is dropped afterwards
 * unless BENCH_KEEP=1 (then its URL is printed, for EXPLAIN (ANALYZE, BUFFERS) by hand).
 * BENCH_SCALE_URL (and BENCH_SCALE_SMALL_URL) name databases a kept run seeded: no seeding then, and they are
 * kept, so an index can be measured before and after on the same data. BENCH_SCALE_ONLY=bid,message (parts of
 * the endpoints' names) loads only those endpoints. BENCH_SCALE_REPLICA=host:port names a streaming replica of the
 * cluster the databases are in (pg_basebackup -R): the app then reads what tolerates lag from it (DATABASE_READ_URL),
 * and the cost table adds the replica's time per request.
 *
 * Then (unless BENCH_SCALE_LOAD=0, and with the app built: npm run build) the same generator fills a small
 * database (a hundredth, 10,000 jobs, with the same marker rows), and bench/support/scale-load.ts starts the built
 * app on each in turn and loads every endpoint from another process at BENCH_CONNECTIONS (50): reads for
 * BENCH_SCALE_SECONDS (8) after a 2 s warm-up, writes as BENCH_SCALE_WRITES (1,000) requests each sent once. The
 * table gives p50, p99 and req/s at scale and on the small data, and the ratio of req/s. Targets: every read's
 * p99 at most 50 ms, and req/s at scale at least 0.8 of the small data's.
 * After the job posts it prints how long their lead alerts took to leave: the time from the last post's answer until
 * no lead fan-out is pending, and the app's CPU meanwhile (docs/decisions/046). Then what a request cost at scale
 * (the app's CPU; the primary's and the replica's statement time, from pg_stat_statements; their planning time, with
 * pg_stat_statements.track_planning = on), and where the machine's CPU went during each endpoint on both data sets
 * (MachineShare, bench/support/scale-load.ts: the cores' busy share, the app, every PostgreSQL process, the load
 * generator and the rest).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase } from '#server/db/client.js';
import { seedCategories } from '#server/db/seed/categories.js';
import { createScratchDatabase } from '#server/test/database.js';
import { ENDPOINT_NAMES, measureEndpoints, type RequestCost } from './support/scale-load.js';
import { FULL_SCALE, seedAtScale, type ScaleCounts } from './support/scale-seed.js';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

const scale = Math.min(Math.max(Number(process.env.BENCH_SCALE ?? 1) || 1, 0.0001), 1);
/** The small data set the same plans run on, for the ratio column (about bench:api's size, with the markers). */
const SMALL_SCALE = Math.min(0.01, scale);
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const withLoad = process.env.BENCH_SCALE_LOAD !== '0';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const countsAt = (at: number): ScaleCounts => ({
  ...FULL_SCALE,
  providers: Math.max(10, Math.round(FULL_SCALE.providers * at)),
  customers: Math.max(10, Math.round(FULL_SCALE.customers * at)),
  jobs: Math.max(200, Math.round(FULL_SCALE.jobs * at)),
});

/** A scratch database with the app's migrations and categories, filled at `at`; prints its seed time and sizes. */
async function seeded(at: number, { sizes }: { sizes: boolean }) {
  const counts = countsAt(at);
  const scratch = await createScratchDatabase(baseUrl, 'scale');
  const database = await openDatabase({
    url: scratch.url,
    pgliteDir: null,
    migrationsFolder: migrationsFolder(findRootDir()),
  });
  await database.migrate();
  await seedCategories(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: scratch.url });
  // The scratch database is dropped WITH (FORCE) on the way out, failed or not: not an error of ours.
  client.on('error', () => {});
  await client.connect();
  try {
    console.log(
      `bench:scale at ${at}: ${counts.providers} providers, ${counts.customers} customers, ${counts.jobs} jobs, ` +
        `${counts.jobs * counts.bidsPerJob} bids, ${counts.jobs} conversations (load before: ${load()})`,
    );
    const start = performance.now();
    await seedAtScale(client, counts);
    const seconds = (performance.now() - start) / 1000;
    const total = await client.query<{ size: string }>(
      `select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(`\nseeded in ${seconds.toFixed(1)} s, database ${total.rows[0]!.size} (load after: ${load()})`);
    if (sizes) {
      const tables = await client.query<{ table: string; rows: string; size: string }>(
        `select relname as table, n_live_tup::text as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
         from pg_stat_user_tables where n_live_tup > 0 order by pg_total_relation_size(relid) desc`,
      );
      console.log('| table | rows | size with indexes |\n|---|---:|---:|');
      for (const row of tables.rows) console.log(`| ${row.table} | ${row.rows} | ${row.size} |`);
    }
  } finally {
    await client.end();
  }
  return scratch;
}

/** A database seeded by an earlier, kept run: used as it is, and never dropped here. */
const kept = (url: string): Scratch => ({ url, drop: async () => {} });

const ms = (value: number) => value.toFixed(1);
const scratches = [
  process.env.BENCH_SCALE_URL ? kept(process.env.BENCH_SCALE_URL) : await seeded(scale, { sizes: true }),
];
try {
  if (withLoad) {
    scratches.push(
      process.env.BENCH_SCALE_SMALL_URL
        ? kept(process.env.BENCH_SCALE_SMALL_URL)
        : await seeded(SMALL_SCALE, { sizes: false }),
    );
    const [big, small] = scratches as [Scratch, Scratch];
    console.log(`\nloading the built app (dist/), small data first (load: ${load()})`);
    const smallFigures = await measureEndpoints(small.url);
    const bigFigures = await measureEndpoints(big.url);
    console.log(`\nload after: ${load()}`);
    console.log(
      `| endpoint | p50 ms | p99 ms | req/s | small p50 | small p99 | small req/s | req/s ratio | non-2xx |\n` +
        '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const name of ENDPOINT_NAMES) {
      const at = bigFigures[name];
      const base = smallFigures[name];
      if (!at || !base) continue;
      const off = Object.entries({ ...at.statuses })
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, n]) => `${code}×${n}`)
        .join(' ');
      console.log(
        `| ${name} | ${ms(at.p50)} | ${ms(at.p99)} | ${at.rps.toFixed(0)} | ${ms(base.p50)} | ${ms(base.p99)} | ` +
          `${base.rps.toFixed(0)} | ${(at.rps / base.rps).toFixed(2)} | ${off} |`,
      );
    }
    // A job post's alerts leave after its commit (docs/decisions/046): the time the fan-outs took to drain after the
    // last post's answer, so the cost moved off the request stays in view.
    for (const [label, figures] of [
      ['at scale', bigFigures],
      ['small data', smallFigures],
    ] as const) {
      const drain = figures['lead matching (job post)']?.drain;
      if (!drain) continue;
      const f = drain.perFanout;
      console.log(
        `\nlead fan-outs (${label}): ${drain.pendingAtLastAnswer} pending at the last post's answer, drained ` +
          `${ms(drain.ms)} ms after it; each fan-out drained meanwhile: ` +
          `${f.appCpuMs.toFixed(2)} ms of app CPU, ${f.dbMs.toFixed(2)} ms of the primary, ` +
          `${f.walBytes.toFixed(0)} bytes of WAL, ${f.blocks.toFixed(0)} buffers`,
      );
    }
    // What each request cost at scale: the app's CPU, and the primary's (pg_stat_statements, when installed).
    // With BENCH_SCALE_REPLICA, the replica's time too (its statements are not in the primary's columns).
    const withReplica = Object.values(bigFigures).some((figures) => figures?.cost?.replicaMs !== undefined);
    console.log(
      '\n| endpoint (at scale) | app CPU ms/req | primary ms/req | statements/req | WAL bytes/req | buffers/req |' +
        (withReplica ? ' replica ms/req |' : '') +
        ' planning ms/req |\n|---|---:|---:|---:|---:|---:|' +
        (withReplica ? '---:|' : '') +
        '---:|',
    );
    for (const name of ENDPOINT_NAMES) {
      const cost = bigFigures[name]?.cost;
      if (!cost) continue;
      console.log(
        `| ${name} | ${cost.appCpuMs.toFixed(2)} | ${cost.dbMs.toFixed(2)} | ${cost.dbCalls.toFixed(1)} | ` +
          `${cost.walBytes.toFixed(0)} | ${cost.blocks.toFixed(0)} |` +
          (withReplica ? ` ${(cost.replicaMs ?? NaN).toFixed(2)} |` : '') +
          ` ${cost.planMs.toFixed(2)} |`,
      );
    }
    // Where the machine's CPU went while each endpoint was loaded (MachineShare, bench/support/scale-load.ts), on both
    // data sets: a core-bound machine shows here, whatever the data's size.
    console.log(
      '\n| endpoint | busy % | app ms/req | PostgreSQL ms/req | generator ms/req | rest ms/req |' +
        ' small busy % | small app | small PostgreSQL | small generator | small rest |' +
        '\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    const shares = (cost: RequestCost | undefined) => {
      const m = cost?.machine;
      if (!cost || !m) return ' | | | | |';
      return ` ${m.busyPercent.toFixed(0)} | ${cost.appCpuMs.toFixed(2)} | ${m.postgresCpuMs.toFixed(2)} | ${m.generatorCpuMs.toFixed(2)} | ${m.restCpuMs.toFixed(2)} |`;
    };
    for (const name of ENDPOINT_NAMES) {
      if (!bigFigures[name] && !smallFigures[name]) continue;
      console.log(`| ${name} |${shares(bigFigures[name]?.cost)}${shares(smallFigures[name]?.cost)}`);
    }
  }
  if (process.env.BENCH_KEEP === '1') console.log(`\nkept: ${scratches.map((s) => s.url).join(' and ')}`);
} finally {
  if (process.env.BENCH_KEEP !== '1') for (const scratch of scratches) await scratch.drop();
}

/**
 * Marketplace scale (issue 35), on real PostgreSQL. This first part builds the data:
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
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase } from '#server/db/client.js';
import { seedCategories } from '#server/db/seed/categories.js';
import { createScratchDatabase } from '#server/test/database.js';
import { FULL_SCALE, seedAtScale, type ScaleCounts } from './support/scale-seed.js';

const scale = Math.min(Math.max(Number(process.env.BENCH_SCALE ?? 1) || 1, 0.0001), 1);
const baseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const counts: ScaleCounts = {
  ...FULL_SCALE,
  providers: Math.max(10, Math.round(FULL_SCALE.providers * scale)),
  customers: Math.max(10, Math.round(FULL_SCALE.customers * scale)),
  jobs: Math.max(200, Math.round(FULL_SCALE.jobs * scale)),
};

const scratch = await createScratchDatabase(baseUrl, 'scale');
try {
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
  console.log(
    `bench:scale at ${scale}: ${counts.providers} providers, ${counts.customers} customers, ${counts.jobs} jobs, ` +
      `${counts.jobs * counts.bidsPerJob} bids, ${counts.jobs} conversations (load before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  const start = performance.now();
  await seedAtScale(client, counts);
  const seconds = (performance.now() - start) / 1000;
  const sizes = await client.query<{ table: string; rows: string; size: string }>(
    `select relname as table, n_live_tup::text as rows, pg_size_pretty(pg_total_relation_size(relid)) as size
     from pg_stat_user_tables where n_live_tup > 0 order by pg_total_relation_size(relid) desc`,
  );
  const total = await client.query<{ size: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  await client.end();
  console.log(
    `\nseeded in ${seconds.toFixed(1)} s, database ${total.rows[0]!.size} (load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log('| table | rows | size with indexes |\n|---|---:|---:|');
  for (const row of sizes.rows) console.log(`| ${row.table} | ${row.rows} | ${row.size} |`);
  if (process.env.BENCH_KEEP === '1') console.log(`\nkept: ${scratch.url}`);
} finally {
  if (process.env.BENCH_KEEP !== '1') await scratch.drop();
}

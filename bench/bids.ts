/**
 * Bid throughput over real HTTP on real PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=source bench/bids.ts
 *
 * Creates its own database next to BENCH_DATABASE_URL (or DATABASE_URL) and drops it afterwards; builds
 * the real app (buildApp) on a loopback port; registers providers through the API (session cookies),
 * tops them up through the ledger, then an out-of-process load generator (bench/support/load.ts,
 * autocannon, its own process: the load never shares the server's event loop) sends one bid per
 * distinct provider/job pair over BENCH_CONCURRENCY connections. Prints bids/second, latency
 * percentiles, outcomes and the ledger invariant.
 * Knobs: BENCH_PROVIDERS (100), BENCH_JOBS (30), BENCH_CONCURRENCY (50), BENCH_CREDITS (600), BENCH_TIME_LIMIT_S (120).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import { BID_TIER_COSTS, type BidTier } from '#shared/bids.js';
import { sessionCookieOf } from '#server/test/cookies.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { postLedgerEntry } from '#server/credits/ledger.js';
import { findLedgerDrift } from '#server/credits/index.js';
import { bids, creditTransactions, jobs, users } from '#server/db/schema/index.js';
import { createScratchDatabase } from '#server/test/database.js';
import { load } from './support/run-load.js';
import { benchDatabaseUrl, knob } from './support/knobs.js';

const baseUrl = benchDatabaseUrl();
const PROVIDERS = knob('BENCH_PROVIDERS', 100, 2000);
const JOBS = knob('BENCH_JOBS', 30, 500);
const CONCURRENCY = knob('BENCH_CONCURRENCY', 50, 500);
const CREDITS = knob('BENCH_CREDITS', 600, 100_000);
const TIME_LIMIT_MS = knob('BENCH_TIME_LIMIT_S', 120, 600) * 1000;

/** Mostly regular bids, some block, a few bust: a provider's credits run out part-way, giving 402s. */
const tierFor = (i: number): BidTier => (i % 10 === 9 ? 'bust' : i % 10 >= 7 ? 'block' : 'regular');

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>, deadline = Infinity) {
  let next = 0;
  const runner = async () => {
    while (next < items.length && performance.now() < deadline) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, runner));
}

async function main() {
  const scratch = await createScratchDatabase(baseUrl!, 'bench_');
  const dbName = new URL(scratch.url).pathname.slice(1);
  console.log(`database ${dbName} created; ${PROVIDERS} providers, ${JOBS} jobs, concurrency ${CONCURRENCY}`);

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tradesbid-bench-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    FREE_CREDITS_ON_UPGRADE: '2',
    // Every provider bids on every job: no cap (docs/contract.md §3.9), and the jobs below are posted without one.
    JOB_BID_CAP: '0',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp(config, { serveClient: false });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const db = app.db;

    // Setup, not measured: providers register and upgrade over HTTP (real session cookies).
    const setupStart = performance.now();
    const cookies: string[] = [];
    const providerIds: string[] = [];
    await pool(
      Array.from({ length: PROVIDERS }, (_, i) => i),
      16,
      async (i) => {
        const register = await fetch(`${address}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `bench${i}@example.com`,
            password: 'bench password 123',
            firstName: 'Bench',
            lastName: `P${i}`,
          }),
        });
        if (register.status !== 201) throw new Error(`register ${register.status} ${await register.text()}`);
        const cookie = register.headers
          .getSetCookie()
          .find((c) => c.startsWith('sid='))!
          .split(';')[0]!;
        const upgrade = await fetch(`${address}/api/auth/upgrade-to-provider`, { method: 'POST', headers: { cookie } });
        if (upgrade.status !== 200) throw new Error(`upgrade ${upgrade.status} ${await upgrade.text()}`);
        // The upgrade gives the session a new id.
        cookies[i] = sessionCookieOf(upgrade.headers.getSetCookie())!;
        providerIds[i] = ((await register.json()) as { id: string }).id;
      },
    );
    for (const userId of providerIds) {
      await db.transaction((tx) =>
        postLedgerEntry(tx, {
          userId,
          amount: CREDITS - 2,
          type: 'adjustment',
          descriptionKey: 'credits:tx_adjustment',
        }),
      );
    }
    const [customer] = await db
      .insert(users)
      .values({ email: 'bench-customer@example.com', firstName: 'Bench', lastName: 'Owner' })
      .returning();
    const jobRows = await db
      .insert(jobs)
      .values(
        Array.from({ length: JOBS }, (_, i) => ({
          title: `Bench job ${i}`,
          description: 'A job for the bid benchmark.',
          customerId: customer!.id,
          zipCode: '78701',
          city: 'Austin',
          state: 'TX',
          location: 'Austin, TX',
          bidCap: config.jobBidCap,
        })),
      )
      .returning({ id: jobs.id });
    console.log(`setup ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

    // Every provider bids on every job once; shuffled so concurrent requests hit different users and jobs.
    const work = providerIds.flatMap((_, p) => jobRows.map((job, j) => ({ p, jobId: job.id, tier: tierFor(p + j) })));
    for (let i = work.length - 1; i > 0; i--) {
      const k = Math.floor(Math.random() * (i + 1));
      [work[i], work[k]] = [work[k]!, work[i]!];
    }
    const result = await load({
      url: address,
      connections: CONCURRENCY,
      seconds: TIME_LIMIT_MS / 1000,
      amount: work.length,
      requests: work.map(({ p, jobId, tier }) => ({
        method: 'POST',
        path: `/api/jobs/${jobId}/bids`,
        cookie: cookies[p]!,
        body: JSON.stringify({ amount: (100 + (p % 50)).toFixed(2), tier, message: 'Benchmark bid' }),
      })),
    });
    const created = result.statuses['201'] ?? 0;
    console.log(`requests ${result.requests} of ${work.length} in ${result.seconds.toFixed(2)} s`);
    console.log(
      `throughput ${result.rps.toFixed(0)} requests/s, ${(created / result.seconds).toFixed(0)} bids placed/s`,
    );
    console.log(
      `latency ms p50 ${result.p50.toFixed(1)}  p90 ${result.p90.toFixed(1)}  p99 ${result.p99.toFixed(1)}  max ${result.max.toFixed(1)}`,
    );
    console.log(
      `outcomes ${Object.entries(result.statuses)
        .map(
          ([code, n]) => `${code === '201' ? '201 created' : code === '402' ? '402 insufficient_credits' : code}: ${n}`,
        )
        .join(', ')}${result.errors ? `, connection errors: ${result.errors}` : ''}`,
    );

    const drift = await findLedgerDrift(db);
    const [placed] = await db.select({ n: count() }).from(bids);
    const [charges] = await db
      .select({ n: count() })
      .from(creditTransactions)
      .where(eq(creditTransactions.type, 'bid'));
    const expectedSpend = await db
      .select({ spent: sql<number>`COALESCE(SUM(${bids.creditsCost}), 0)::int` })
      .from(bids);
    const [ledgerSpend] = await db
      .select({ spent: sql<number>`COALESCE(-SUM(${creditTransactions.amount}), 0)::int` })
      .from(creditTransactions)
      .where(eq(creditTransactions.type, 'bid'));
    const ok =
      drift.length === 0 &&
      Number(placed!.n) === created &&
      Number(charges!.n) === created &&
      Number(expectedSpend[0]!.spent) === Number(ledgerSpend!.spent);
    console.log(
      `invariant ${ok ? 'OK' : 'FAILED'}: users with balance != ledger sum or < 0: ${drift.length}; bids ${placed!.n}, bid charges ${charges!.n}, credits spent ${ledgerSpend!.spent} (tier costs ${JSON.stringify(BID_TIER_COSTS)})`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
    await scratch.drop();
    console.log(`database ${dbName} dropped`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

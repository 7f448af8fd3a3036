/**
 * The API against its ceiling, on real PostgreSQL.
 *
 *   npm run build && npm run bench:api
 *
 * Creates a scratch database next to BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * and drops it afterwards. Starts the BUILT app (dist/server/server/main.js, e2e/support/app.ts startApp)
 * as its own process on it, seeds realistic data (1,000 jobs, 500 providers with profiles, 200 customers,
 * bids with their ledger rows, conversations with history), logs the providers in through the API, then
 * starts bench/ceiling-server.ts (bare Fastify + node-postgres running the same SQL) as another process.
 * An out-of-process load generator (bench/support/load.ts, autocannon) hits both, endpoint by endpoint,
 * in the order app, ceiling, ceiling, app (each run after a warm-up), and the table gives each side's mean
 * req/s, p50 and p99 over its two runs, and the ratio app / ceiling.
 *
 * Knobs: BENCH_API_SECONDS (8), BENCH_CONNECTIONS (50), DATABASE_POOL_SIZE (10, both servers),
 * BENCH_ONLY ("job list,bid placement": a subset), BENCH_CPU_PROF (a folder: the app is profiled,
 * bench/support/cpu-profile.mjs, and writes its .cpuprofile there on exit), BENCH_COUNT_QUERIES=1 (the
 * app prints SQL statements per request on exit, bench/support/count-queries.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '#server/auth/password.js';
import { createScratchDatabase } from '#server/test/database.js';
import { startApp, type RunningApp } from '../e2e/support/app.js';
import { ROOT } from '../e2e/support/build.js';
import type { LoadResult, PlannedRequest } from './support/load.js';
import { load } from './support/run-load.js';
import { table } from './support/screens.js';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';
const WARMUP_SECONDS = 2;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PROVIDERS = 500;
const CUSTOMERS = 200;
const JOBS = 1000;
/** Jobs [0, BID_SEEDED_JOBS) carry seeded bids and conversations; the rest are left for bid placement. */
const BID_SEEDED_JOBS = 300;
const PASSWORD = 'bench password 123';

type Side = 'app' | 'ceiling';
type Seeded = { cookies: string[]; jobIds: string[]; openJobIds: string[] };

/**
 * One entry per endpoint: the requests each side receives (the ceiling's handler for the same path lives
 * in bench/ceiling-server.ts). `once`: every request is sent at most once (bids need fresh pairs).
 * Provider search, message send and conversation list join here as their endpoints land.
 */
const ENDPOINTS: { name: string; once?: boolean; plan: (seed: Seeded, side: Side) => PlannedRequest[] }[] = [
  {
    name: 'job list',
    plan: (seed) =>
      seed.cookies.map((cookie, i) => ({ method: 'GET', path: `/api/jobs?limit=20&offset=${(i % 5) * 20}`, cookie })),
  },
  {
    name: 'job detail',
    plan: (seed) =>
      seed.jobIds.map((id, i) => ({
        method: 'GET',
        path: `/api/jobs/${id}`,
        cookie: seed.cookies[i % seed.cookies.length]!,
      })),
  },
  {
    name: 'bid placement',
    once: true,
    // Each side bids on its own half of the unbid open jobs; every provider bids once per job, shuffled so
    // concurrent requests hit different providers and jobs. Mostly regular bids, some block, a few bust.
    plan: (seed, side) => {
      const half = Math.floor(seed.openJobIds.length / 2);
      const jobs = side === 'app' ? seed.openJobIds.slice(0, half) : seed.openJobIds.slice(half, 2 * half);
      const requests = jobs.flatMap((jobId, j) =>
        seed.cookies.map((cookie, p) => {
          const tier = (p + j) % 10 === 9 ? 'bust' : (p + j) % 10 >= 7 ? 'block' : 'regular';
          const body = JSON.stringify({ amount: `${100 + (p % 50)}.00`, tier, message: 'Benchmark bid' });
          return { method: 'POST' as const, path: `/api/jobs/${jobId}/bids`, cookie, body };
        }),
      );
      return shuffle(requests);
    },
  },
];

function shuffle<T>(items: T[]): T[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = items.length - 1; i > 0; i--) {
    const k = Math.floor(random() * (i + 1));
    [items[i], items[k]] = [items[k]!, items[i]!];
  }
  return items;
}

async function seed(url: string, app: RunningApp): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, can_provide_services)
       SELECT 'provider' || i || '@bench.example', $1, 'Pro', 'Vider ' || i, 'provider', true FROM generate_series(1, $2) i`,
      [hash, PROVIDERS],
    );
    await client.query(
      `INSERT INTO users (email, password_hash, first_name, last_name)
       SELECT 'customer' || i || '@bench.example', $1, 'Cus', 'Tomer ' || i FROM generate_series(1, $2) i`,
      [hash, CUSTOMERS],
    );
    await client.query(
      `INSERT INTO provider_profiles (user_id, business_name, description, service_radius, service_categories, is_licensed, is_insured, phone)
       SELECT u.id, u.last_name || ' Services', 'Licensed and insured; twenty years of local work.', 10 + (row_number() OVER ()) % 90,
              ARRAY[(SELECT id FROM categories ORDER BY id LIMIT 1)], random() < 0.6, random() < 0.7, '512-555-0100'
       FROM users u WHERE u.role = 'provider'`,
    );
    await client.query(
      `WITH c AS (SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM users WHERE role = 'customer'),
            cat AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM categories)
       INSERT INTO jobs (title, description, category_id, customer_id, budget_min, budget_max, zip_code, city, state, location,
                         timeline, status, created_at, updated_at)
       SELECT 'Job ' || i || ': repaint the hallway and two bedrooms',
              'Walls need patching and two coats; furniture will be moved out beforehand. Parking in the driveway.',
              (SELECT id FROM cat WHERE n = i % cat_total.total), (SELECT id FROM c WHERE n = i % $2),
              (100 + i % 400)::numeric(10,2), (600 + i % 900)::numeric(10,2), '78701', 'Austin', 'TX', 'Austin, TX',
              (ARRAY['asap','month','flexible'])[1 + i % 3]::job_timeline,
              CASE WHEN i % 20 = 19 THEN 'completed'::job_status ELSE 'open'::job_status END,
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(0, $1 - 1) i, (SELECT count(*) AS total FROM categories) cat_total`,
      [JOBS, CUSTOMERS],
    );
    // Seeded bids (5 per job on the first jobs), each with its ledger row; every provider got 100,000 credits.
    await client.query(
      `CREATE TEMP TABLE bench_jobs AS SELECT id, customer_id, row_number() OVER (ORDER BY created_at DESC, id DESC) - 1 AS n FROM jobs`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_providers AS SELECT id, row_number() OVER (ORDER BY email) - 1 AS n FROM users WHERE role = 'provider'`,
    );
    await client.query(
      `INSERT INTO bids (job_id, provider_id, amount, message, tier, credits_cost, created_at)
       SELECT j.id, p.id, (150 + (j.n * 7 + k * 13) % 500)::numeric(10,2), 'I can start next week.',
              (ARRAY['regular','regular','block','regular','bust'])[k + 1]::bid_tier, (ARRAY[9,9,50,9,75])[k + 1],
              now() - make_interval(hours => k)
       FROM bench_jobs j CROSS JOIN generate_series(0, 4) k JOIN bench_providers p ON p.n = (j.n * 5 + k) % $1
       WHERE j.n < $2`,
      [PROVIDERS, BID_SEEDED_JOBS],
    );
    await client.query(
      `INSERT INTO credit_transactions (user_id, amount, type, description, description_params)
       SELECT id, 100000, 'adjustment', 'Credit adjustment', '{"key":"credits:tx_adjustment","params":{}}' FROM bench_providers`,
    );
    await client.query(
      `INSERT INTO credit_transactions (user_id, amount, type, description, description_params, bid_id)
       SELECT b.provider_id, -b.credits_cost, 'bid', 'Bid on “' || j.title || '”',
              json_build_object('key', 'credits:tx_bid_' || b.tier, 'params', json_build_object('jobTitle', j.title))::text, b.id
       FROM bids b JOIN jobs j ON j.id = b.job_id`,
    );
    await client.query(
      `UPDATE users u SET credits = t.total FROM (SELECT user_id, sum(amount)::int AS total FROM credit_transactions GROUP BY user_id) t
       WHERE t.user_id = u.id`,
    );
    // A conversation per seeded bid, six messages each (customer and provider in turn).
    await client.query(
      `INSERT INTO conversations (job_id, customer_id, provider_id, last_message_at)
       SELECT b.job_id, j.customer_id, b.provider_id, now() FROM bids b JOIN jobs j ON j.id = b.job_id`,
    );
    await client.query(
      `INSERT INTO messages (conversation_id, job_id, sender_id, receiver_id, content, is_read, created_at)
       SELECT c.id, c.job_id, CASE WHEN k % 2 = 0 THEN c.customer_id ELSE c.provider_id END,
              CASE WHEN k % 2 = 0 THEN c.provider_id ELSE c.customer_id END,
              'Message ' || k || ' about the schedule and the materials.', k < 5, now() - make_interval(mins => 60 - k)
       FROM conversations c CROSS JOIN generate_series(0, 5) k`,
    );
    await client.query('COMMIT');
    // Leave autovacuum nothing to do during the runs.
    await client.query('VACUUM ANALYZE');

    // One provider logs in through the API; every other provider gets a copy of that session row (its own
    // sid and user) and the cookie the app would have signed for it: 500 scrypt logins would take minutes.
    const providers = (await client.query(`SELECT id, email FROM users WHERE role = 'provider' ORDER BY email`))
      .rows as {
      id: string;
      email: string;
    }[];
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: providers[0]!.email, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login ${login.status} ${await login.text()}`);
    const firstCookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    const firstSid = decodeURIComponent(firstCookie.slice('sid='.length)).replace(/\.[^.]*$/, '');
    const template = (await client.query(`SELECT sess, expire FROM sessions WHERE sid = $1`, [firstSid])).rows[0];
    const cookies = [firstCookie];
    for (const provider of providers.slice(1)) {
      const sid = randomBytes(24).toString('base64url');
      await client.query(`INSERT INTO sessions (sid, sess, expire, user_id) VALUES ($1, $2, $3, $4)`, [
        sid,
        { ...template.sess, userId: provider.id },
        template.expire,
        provider.id,
      ]);
      const signature = createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '');
      cookies.push(`sid=${encodeURIComponent(`${sid}.${signature}`)}`);
    }
    const jobIds = (await client.query(`SELECT id FROM bench_jobs ORDER BY n`)).rows.map((r) => r.id as string);
    const openJobIds = (
      await client.query(
        `SELECT j.id FROM bench_jobs b JOIN jobs j ON j.id = b.id WHERE b.n >= $1 AND j.status = 'open' ORDER BY b.n`,
        [BID_SEEDED_JOBS],
      )
    ).rows.map((r) => r.id as string);
    return { cookies, jobIds, openJobIds };
  } finally {
    await client.end();
  }
}

async function startCeiling(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/ceiling-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: SECRET, DATABASE_POOL_SIZE: POOL_SIZE },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function ledgerDrift(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM users u
       WHERE u.credits < 0 OR u.credits <> COALESCE((SELECT sum(amount) FROM credit_transactions t WHERE t.user_id = u.id), 0)`,
    );
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** BENCH_CPU_PROF and BENCH_COUNT_QUERIES load their helpers into the app's process. */
function diagnostics(): Record<string, string> {
  const imports = [
    ...(process.env.BENCH_CPU_PROF ? ['bench/support/cpu-profile.mjs'] : []),
    ...(process.env.BENCH_COUNT_QUERIES === '1' ? ['bench/support/count-queries.mjs'] : []),
  ];
  if (imports.length === 0) return {};
  return {
    NODE_OPTIONS: imports.map((file) => `--import=${join(ROOT, file)}`).join(' '),
    ...(process.env.BENCH_CPU_PROF ? { CPU_PROFILE_DIR: process.env.BENCH_CPU_PROF } : {}),
  };
}

const ms = (value: number) => value.toFixed(1);
const mean = (results: LoadResult[]): LoadResult => {
  const avg = (pick: (r: LoadResult) => number) => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  return {
    ...results[0]!,
    rps: avg((r) => r.rps),
    p50: avg((r) => r.p50),
    p99: avg((r) => r.p99),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
};
const describeStatuses = (result: LoadResult) =>
  Object.entries(result.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${code}×${n}`)
    .join(' ') || '';

async function main() {
  const scratch = await createScratchDatabase(BASE_URL, 'bench_api_');
  let app: RunningApp | null = null;
  let ceiling: ChildProcess | null = null;
  try {
    const setupStart = Date.now();
    app = await startApp({
      CLIENT_DIR: join(ROOT, 'dist/client'),
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: POOL_SIZE,
      SESSION_SECRET: SECRET,
      ...diagnostics(),
    });
    const seeded = await seed(scratch.url, app);
    const started = await startCeiling(scratch.url);
    ceiling = started.child;
    console.log(
      `seeded ${JOBS} jobs, ${PROVIDERS} providers (logged in), ${CUSTOMERS} customers in ${((Date.now() - setupStart) / 1000).toFixed(1)} s; ` +
        `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per run, pool ${POOL_SIZE} on both servers`,
    );

    const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
    const rows: (string | number)[][] = [];
    const notes: string[] = [];
    const runLines: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => !only || only.includes(e.name))) {
      // ABBA: app, ceiling, ceiling, app, each after its own warm-up, so drift in a shared machine's load
      // (other work, autovacuum) weighs on both sides alike; each side's figures are the mean of its two runs.
      const runs: Record<Side, LoadResult[]> = { app: [], ceiling: [] };
      const plans: Record<Side, PlannedRequest[]> = {
        app: endpoint.plan(seeded, 'app'),
        ceiling: endpoint.plan(seeded, 'ceiling'),
      };
      for (const side of ['app', 'ceiling', 'ceiling', 'app'] as const) {
        const url = side === 'app' ? app.url : started.url;
        const requests = plans[side];
        // A `once` plan (bids) is consumed: warm-up and runs take requests never sent before.
        const take = (n: number) => (endpoint.once ? requests.splice(0, n) : requests);
        await load({ url, connections: CONNECTIONS, seconds: WARMUP_SECONDS, requests: take(3000) });
        const result = await load({ url, connections: CONNECTIONS, seconds: SECONDS, requests: take(40_000) });
        runs[side].push(result);
        const odd = describeStatuses(result);
        if (odd || result.errors) notes.push(`${endpoint.name} (${side}): ${odd} errors ${result.errors}`);
      }
      const results = { app: mean(runs.app), ceiling: mean(runs.ceiling) };
      const order = [runs.app[0]!, runs.ceiling[0]!, runs.ceiling[1]!, runs.app[1]!];
      runLines.push(
        `${endpoint.name}: req/s app ${order[0]!.rps.toFixed(0)}, ceiling ${order[1]!.rps.toFixed(0)}, ceiling ${order[2]!.rps.toFixed(0)}, app ${order[3]!.rps.toFixed(0)}`,
      );
      const { app: a, ceiling: c } = results;
      rows.push([
        endpoint.name,
        a.rps.toFixed(0),
        ms(a.p50),
        ms(a.p99),
        a.non2xx,
        c.rps.toFixed(0),
        ms(c.p50),
        ms(c.p99),
        c.non2xx,
        (a.rps / c.rps).toFixed(2),
      ]);
    }
    console.log('\nAPI against its bare ceiling (req/s: higher is better; latency in ms)\n');
    console.log(
      table(
        [
          'endpoint',
          'app req/s',
          'app p50',
          'app p99',
          'app non-2xx',
          'ceiling req/s',
          'ceiling p50',
          'ceiling p99',
          'ceiling non-2xx',
          'ratio',
        ],
        rows,
      ),
    );
    console.log(`\nThe four runs in order (ABBA):\n${runLines.map((line) => `- ${line}`).join('\n')}`);
    for (const note of notes) console.log(`non-2xx: ${note}`);
    const drift = await ledgerDrift(scratch.url);
    console.log(
      `ledger invariant ${drift === 0 ? 'OK' : `FAILED for ${drift} users`} (balance = sum of ledger, never < 0)`,
    );
    console.log('Skipped until their endpoints land: provider search (text and ZIP), message send, conversation list.');
    if (drift !== 0) process.exitCode = 1;
  } finally {
    ceiling?.kill('SIGTERM');
    await app?.stop();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * The load half of bench:scale (issue 35 point 2): the built app on a seeded database (bench/support/scale-seed.ts),
 * driven from another process (bench/support/load.ts) at BENCH_CONNECTIONS connections, endpoint by endpoint.
 * The same plans run on every data set, so the figures of a small and a national database compare directly.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startApp } from '../../e2e/support/app.js';
import { ROOT } from '../../e2e/support/build.js';
import { commandCpuSeconds, cpuSeconds, cpuSecondsBetween, machineCpuSeconds } from './cpu.js';
import type { LoadResult, PlannedRequest } from './load.js';
import { load } from './run-load.js';
import { markerId, MARKERS } from './scale-seed.js';
import { signedSessions } from './sessions.js';

const SECRET = 'bench-scale-secret-bench-scale-secret-0123';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
/** Signed-in providers and customers that share the load of the per-user endpoints. */
const USERS = 200;
/** Requests of a write endpoint per run (each sent once: a bid needs a fresh provider and job). */
const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 1000);
/** Parts of endpoint names to load (BENCH_SCALE_ONLY=bid,message); unset: every endpoint. */
const ONLY = (process.env.BENCH_SCALE_ONLY ?? '').split(',').filter(Boolean);
/**
 * A streaming replica of the cluster the databases are in (BENCH_SCALE_REPLICA=host:port, made with
 * `pg_basebackup -R`): the app reads what tolerates lag from the same database there (DATABASE_READ_URL, decision
 * 039), and the cost columns add the replica's time. Unset: every read on the primary.
 */
const REPLICA = process.env.BENCH_SCALE_REPLICA;
/** `url`'s database on the replica. */
function onReplica(url: string, replica: string): string {
  const at = new URL(url);
  const [host = '127.0.0.1', port = '5432'] = replica.split(':');
  at.hostname = host;
  at.port = port;
  return at.toString();
}

export type MeasureOptions = {
  /** Client connections (BENCH_CONNECTIONS, 50). */
  connections?: number;
  /** Parts of endpoint names to load (BENCH_SCALE_ONLY); empty: every endpoint. */
  only?: string[];
  /** The app's DATABASE_POOL_SIZE (its default, 10, when unset). */
  poolSize?: number;
};

export type EndpointName = (typeof ENDPOINT_NAMES)[number];
export const ENDPOINT_NAMES = [
  'job list',
  'job detail',
  'provider search (text)',
  'provider search (ZIP)',
  'provider search (category)',
  'provider search (combined)',
  'my bids (500)',
  'conversation list (200)',
  'thread (1,000 messages)',
  'message send',
  'bid placement',
  'lead matching (job post)',
] as const;
export const WRITE_ENDPOINTS: EndpointName[] = ['message send', 'bid placement', 'lead matching (job post)'];

const SEARCH_TERMS = ['plumbing', 'roof repair', 'electrical', 'painting', 'Garcia', 'Lone Star', 'Austin', 'Miami'];

type Plans = Record<EndpointName, PlannedRequest[]>;

async function plansFor(client: pg.Client): Promise<Plans> {
  const ids = async (text: string, values: unknown[] = []) =>
    (await client.query<{ id: string }>(text, values)).rows.map((r) => r.id);
  const providers = await ids(`select id from users where role = 'provider' order by id limit $1`, [USERS]);
  const customers = await ids(`select id from users where role = 'customer' order by id limit $1`, [USERS]);
  const busyProvider = markerId(MARKERS.busyProvider);
  const busyCustomer = markerId(MARKERS.busyCustomer);
  const openJobs = await ids(`select id from jobs where status = 'open' order by created_at desc limit 5000`);
  // Jobs with two seats left for the bids below (a kept database's newest jobs may be full from an earlier run).
  const seatedJobs = await ids(
    `select id from jobs where status = 'open' and (bid_cap is null or bid_count + 2 <= bid_cap)
     order by created_at desc limit $1`,
    [Math.ceil(WRITES / 2)],
  );
  const longThread = (
    await client.query<{ id: string; customer_id: string }>(
      `select c.id, c.customer_id from conversations c join messages m on m.conversation_id = c.id
       group by c.id order by count(*) desc limit 1`,
    )
  ).rows[0]!;
  const talks = (
    await client.query<{ job_id: string; customer_id: string; provider_id: string }>(
      `select job_id, customer_id, provider_id from conversations order by last_message_at desc limit $1`,
      [USERS],
    )
  ).rows;
  // Fresh pairs: two new bids a job on the newest open jobs (with the two seeded ones and the busy provider's,
  // within the default cap of 5), each from a provider with credits that has not bid on that job.
  const bidders = await ids(
    `select id from users where role = 'provider' and credits >= 9 and id <> $1 order by id desc limit $2`,
    [busyProvider, WRITES],
  );
  const bidJobs = seatedJobs;
  const taken = new Set(
    (
      await client.query<{ pair: string }>(
        `select job_id || ' ' || provider_id as pair from bids where job_id = any($1::uuid[])`,
        [bidJobs],
      )
    ).rows.map((r) => r.pair),
  );
  const zips = (
    await client.query<{ zip: string; city: string; state: string }>(
      `select zip_code as zip, min(city) as city, min(state) as state from service_areas
       group by zip_code order by count(*) desc limit 50`,
    )
  ).rows;
  const categories = (
    await client.query<{ id: number }>(
      `select category_id as id from service_capabilities group by 1 order by count(*) desc limit 10`,
    )
  ).rows.map((r) => r.id);
  const cookies = await signedSessions(client, SECRET, [
    ...new Set([
      ...providers,
      ...customers,
      busyProvider,
      busyCustomer,
      longThread.customer_id,
      ...talks.flatMap((t) => [t.customer_id, t.provider_id]),
      ...bidders,
    ]),
  ]);
  const cookie = (id: string) => cookies.get(id)!;
  const get = (path: string, who: string): PlannedRequest => ({ method: 'GET', path, cookie: cookie(who) });
  const post = (path: string, who: string, body: object): PlannedRequest => ({
    method: 'POST',
    path,
    cookie: cookie(who),
    body: JSON.stringify(body),
  });
  const bids: PlannedRequest[] = [];
  let next = 0;
  for (const job of bidJobs) {
    for (let placed = 0; placed < 2 && next < bidders.length; next++) {
      if (taken.has(`${job} ${bidders[next]}`)) continue;
      bids.push(post(`/api/jobs/${job}/bids`, bidders[next]!, { amount: '150', message: 'Can start Monday.' }));
      placed++;
    }
  }
  // Writes cycle through their senders: at most a few each, under the per-user limits of docs/contract.md §3.5.
  const repeat = <T>(items: T[], n: number) => Array.from({ length: n }, (_, i) => items[i % items.length]!);
  return {
    'job list': providers.map((p, i) => get(`/api/jobs?limit=20&offset=${(i % 3) * 20}`, p)),
    'job detail': openJobs.map((id, i) => get(`/api/jobs/${id}`, providers[i % providers.length]!)),
    'provider search (text)': customers.map((c, i) =>
      get(`/api/providers/search?q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length]!)}`, c),
    ),
    'provider search (ZIP)': customers.map((c, i) =>
      get(`/api/providers/search?location=${zips[i % zips.length]!.zip}`, c),
    ),
    'provider search (category)': customers.map((c, i) =>
      get(`/api/providers/search?category=${categories[i % categories.length]}`, c),
    ),
    'provider search (combined)': customers.map((c, i) =>
      get(
        `/api/providers/search?q=${encodeURIComponent(SEARCH_TERMS[i % 4]!)}&location=${zips[i % zips.length]!.zip}` +
          `&category=${categories[i % categories.length]}`,
        c,
      ),
    ),
    // Both lists answer a page since issue 35 (docs/decisions/045): these ask for the first page, the default 50 of
    // the provider's 500 bids and of the customer's 200 conversations, as the screens do.
    'my bids (500)': [get('/api/my-bids', busyProvider)],
    'conversation list (200)': [get('/api/conversations', busyCustomer)],
    'thread (1,000 messages)': [get(`/api/messages?conversationId=${longThread.id}`, longThread.customer_id)],
    'message send': repeat(talks, WRITES).map((t, i) =>
      post('/api/messages', t.customer_id, { jobId: t.job_id, receiverId: t.provider_id, content: `Any news? ${i}` }),
    ),
    'bid placement': bids,
    'lead matching (job post)': repeat(customers, Math.ceil(WRITES / 2)).map((c, i) => {
      const zip = zips[i % zips.length]!;
      return post('/api/jobs', c, {
        categoryId: categories[i % categories.length],
        title: 'Fix the leaking kitchen sink',
        description: 'The pipe under the kitchen sink drips all day long.',
        zipCode: zip.zip,
        city: zip.city,
        state: zip.state,
      });
    }),
  };
}

/** What one request of an endpoint costs: the app's CPU, and the primary's time, WAL and buffers (pg_stat_statements). */
export type RequestCost = {
  appCpuMs: number;
  dbMs: number;
  dbCalls: number;
  walBytes: number;
  blocks: number;
  /** The replica's time (BENCH_SCALE_REPLICA), its replay checks included. */
  replicaMs?: number;
  /**
   * Planning on both servers, which the times above leave out: zero unless they run with
   * `pg_stat_statements.track_planning = on`. A statement planned on every call (a custom plan) shows here.
   */
  planMs: number;
  /** Where the whole machine's CPU went meanwhile (Linux /proc): see MachineShare. */
  machine: MachineShare;
};

/**
 * The machine while an endpoint was loaded: how busy its cores were (busy seconds over the cores' seconds, so 100
 * is every core busy), and its CPU per request split between the app, every PostgreSQL process (the primary and the
 * replica, their backends included), the load generator, and the rest (the kernel's work for them all that no
 * process is charged with, this bench's own process, other programs). A p99 far above the app's CPU a request
 * with the cores near 100 % is requests waiting for a core, not for the data.
 */
export type MachineShare = {
  busyPercent: number;
  postgresCpuMs: number;
  generatorCpuMs: number;
  restCpuMs: number;
};
/**
 * A job post's lead alerts leave after its commit (docs/decisions/046): how long the fan-outs took to drain after
 * the last post's answer, and what the app and the primary spent meanwhile (the cost the post no longer carries),
 * per fan-out drained: the alerts written, and the mail worker sending them; the primary's time, WAL and buffers
 * when pg_stat_statements is there.
 */
export type FanoutDrain = {
  ms: number;
  pendingAtLastAnswer: number;
  perFanout: { appCpuMs: number; dbMs: number; walBytes: number; blocks: number };
};
export type EndpointFigures = LoadResult & { cost?: RequestCost; drain?: FanoutDrain };

const LEAD_POSTS: EndpointName = 'lead matching (job post)';
const pendingFanouts = async (client: pg.Client) =>
  (await client.query<{ n: number }>('select count(*)::int as n from lead_fanouts where done_at is null')).rows[0]!.n;

/** Waits until no lead fan-out is pending; answers the time it took and how many were pending at its start. */
async function drainFanouts(client: pg.Client, limitMs = 900_000): Promise<{ ms: number; pending: number }> {
  const start = performance.now();
  const pending = await pendingFanouts(client);
  for (let left = pending; left > 0; left = await pendingFanouts(client)) {
    if (performance.now() - start > limitMs) throw new Error(`${left} lead fan-outs still pending after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ms: performance.now() - start, pending };
}

/** The process's CPU time (user + system) in ms, from /proc (Linux). */
const cpuMs = (pid: number) => cpuSeconds(pid)! * 1000;

/**
 * The database's statement totals since the last reset, when pg_stat_statements is installed in it (a cluster
 * started with shared_preload_libraries=pg_stat_statements and CREATE EXTENSION); null otherwise.
 */
async function statementTotals(client: pg.Client, reset: boolean) {
  try {
    const { rows } = await client.query<{ ms: number; planMs: number; calls: string; wal: string; blocks: string }>(
      `select coalesce(sum(total_exec_time), 0)::float8 as ms, coalesce(sum(total_plan_time), 0)::float8 as "planMs",
              coalesce(sum(calls), 0) as calls,
              coalesce(sum(wal_bytes), 0) as wal,
              coalesce(sum(shared_blks_hit + shared_blks_read + shared_blks_dirtied + shared_blks_written), 0) as blocks
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
         and query not like '%pg_stat_statements%'`,
    );
    if (reset) await client.query('select pg_stat_statements_reset()');
    return {
      ms: rows[0]!.ms,
      planMs: rows[0]!.planMs,
      calls: Number(rows[0]!.calls),
      wal: Number(rows[0]!.wal),
      blocks: Number(rows[0]!.blocks),
    };
  } catch {
    return null;
  }
}

/** Every endpoint's figures on the database at `databaseUrl`, measured against the built app. */
export async function measureEndpoints(
  databaseUrl: string,
  { connections = CONNECTIONS, only = ONLY, poolSize }: MeasureOptions = {},
): Promise<Partial<Record<EndpointName, EndpointFigures>>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // A kept database holds the emails its earlier runs queued and did not send (a run's job posts leave some 200,000
  // lead alerts): the app would send them while this run is measured, at every endpoint. They are not this run's,
  // and go before the app starts, so its mail worker never sees them.
  const { rowCount: stale } = await client.query('delete from email_outbox where sent_at is null');
  if (stale) console.log(`  ${stale} emails earlier runs left unsent removed before the load`);
  const readUrl = REPLICA ? onReplica(databaseUrl, REPLICA) : null;
  const replicaClient = readUrl ? new pg.Client({ connectionString: readUrl }) : null;
  await replicaClient?.connect();
  const app = await startApp({
    CLIENT_DIR: join(ROOT, 'dist/client'),
    DATABASE_URL: databaseUrl,
    ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
    SESSION_SECRET: SECRET,
    ...(poolSize ? { DATABASE_POOL_SIZE: String(poolSize) } : {}),
  });
  // One endpoint's load with what its requests cost the app, the primary and the replica, per request.
  const costed = async (run: () => Promise<LoadResult>): Promise<EndpointFigures> => {
    await statementTotals(client, true);
    if (replicaClient) await statementTotals(replicaClient, true);
    const cpuBefore = cpuMs(app.pid!);
    const machineBefore = machineCpuSeconds();
    const postgresBefore = commandCpuSeconds('postgres');
    const result = await run();
    const postgresSeconds = cpuSecondsBetween(postgresBefore, commandCpuSeconds('postgres'));
    const machineAfter = machineCpuSeconds();
    const appCpuMs = (cpuMs(app.pid!) - cpuBefore) / result.requests;
    const db = await statementTotals(client, false);
    const replica = replicaClient && (await statementTotals(replicaClient, false));
    const per = (n: number) => n / result.requests;
    const primary = db
      ? { dbMs: per(db.ms), dbCalls: per(db.calls), walBytes: per(db.wal), blocks: per(db.blocks) }
      : { dbMs: NaN, dbCalls: NaN, walBytes: NaN, blocks: NaN };
    const busySeconds = machineAfter.busy - machineBefore.busy;
    const postgresCpuMs = per(postgresSeconds * 1000);
    const generatorCpuMs = per(result.generatorCpuMs);
    const machine: MachineShare = {
      busyPercent: (100 * busySeconds) / (machineAfter.total - machineBefore.total),
      postgresCpuMs,
      generatorCpuMs,
      restCpuMs: per(busySeconds * 1000) - appCpuMs - postgresCpuMs - generatorCpuMs,
    };
    return {
      ...result,
      cost: {
        appCpuMs,
        ...primary,
        ...(replica && { replicaMs: per(replica.ms) }),
        planMs: per((db?.planMs ?? 0) + (replica?.planMs ?? 0)),
        machine,
      },
    };
  };
  // The cost columns need the extension in this database too (a no-op, or refused, where the server lacks it).
  await client.query('create extension if not exists pg_stat_statements').catch(() => {});
  try {
    const plans = await plansFor(client);
    await client.query('vacuum analyze');
    const results: Partial<Record<EndpointName, EndpointFigures>> = {};
    for (const name of ENDPOINT_NAMES.filter((n) => only.length === 0 || only.some((part) => n.includes(part)))) {
      // Limits stop machines (docs/contract.md §3.5): this machine is meant to be here.
      await client.query('delete from rate_limit_counters');
      const requests = plans[name];
      if (WRITE_ENDPOINTS.includes(name)) {
        const warm = requests.splice(0, Math.min(100, Math.floor(requests.length / 10)));
        if (warm.length > 0) {
          await load({
            url: app.url,
            connections: Math.min(connections, warm.length),
            seconds: 60,
            amount: warm.length,
            requests: warm,
          });
          // The warm-up's alerts are not the measured run's.
          if (name === LEAD_POSTS) await drainFanouts(client);
        }
        await client.query('delete from rate_limit_counters');
        results[name] = await costed(() =>
          load({
            url: app.url,
            connections: Math.min(connections, requests.length),
            seconds: 120,
            amount: requests.length,
            requests,
          }),
        );
        if (name === LEAD_POSTS) {
          await statementTotals(client, true);
          const cpuBefore = cpuMs(app.pid!);
          const { ms, pending } = await drainFanouts(client);
          const appCpuMs = cpuMs(app.pid!) - cpuBefore;
          const db = await statementTotals(client, false);
          const per = (n: number) => n / Math.max(1, pending);
          const perFanout = {
            appCpuMs: per(appCpuMs),
            dbMs: per(db?.ms ?? NaN),
            walBytes: per(db?.wal ?? NaN),
            blocks: per(db?.blocks ?? NaN),
          };
          results[name] = { ...results[name], drain: { ms, pendingAtLastAnswer: pending, perFanout } };
        }
      } else {
        await load({ url: app.url, connections, seconds: WARMUP_SECONDS, requests });
        results[name] = await costed(() => load({ url: app.url, connections, seconds: SECONDS, requests }));
      }
    }
    return results;
  } finally {
    await app.stop();
    await client.end();
    await replicaClient?.end();
  }
}

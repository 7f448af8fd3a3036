/**
 * Real-time delivery latency across two app instances on one PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:realtime
 *
 * Creates its own database next to BENCH_DATABASE_URL (or DATABASE_URL) and drops it afterwards;
 * starts two server processes (instances A and B) on it; makes pairs of a customer and a
 * provider who bid on the customer's job; opens each customer's event stream on B and each
 * provider's on A. Then every pair exchanges messages, each posted through the sender's instance
 * and awaited on the other instance's stream: the figure is the time from sending the POST to the
 * `message.created` event arriving, after one unmeasured message each way per pair. Runs the built
 * server (`npm run build` first) when there is one. Prints each process's CPU per message too.
 * Knobs: BENCH_PAIRS (50), BENCH_MESSAGES (1000), BENCH_IN_FLIGHT (50).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sessionCookieOf } from '#server/test/cookies.js';
import { createScratchDatabase } from '#server/test/database.js';
import { openEventStream, type EventStream } from '#server/test/events.js';
import { startApp, type RunningApp } from '../e2e/support/app.js';
import { ROOT } from '../e2e/support/build.js';
import { cpuSeconds } from './support/cpu.js';
import { signedSessions } from './support/sessions.js';
import { benchDatabaseUrl, knob } from './support/knobs.js';

const baseUrl = benchDatabaseUrl();
const PAIRS = knob('BENCH_PAIRS', 50, 500);
/** Pairs sending at the same moment (each pair waits for its message to arrive before the next). */
const IN_FLIGHT = knob('BENCH_IN_FLIGHT', 50, 500);
const MESSAGES = knob('BENCH_MESSAGES', 1000, 100_000);
const SECRET = 'bench-secret-bench-secret-bench-secret-01';

type Instance = RunningApp;
type Account = { id: string; cookie: string };

/** One app process on the benchmark's database (e2e/support/app.ts: the built server when there is one). */
const startInstance = (databaseUrl: string): Promise<Instance> =>
  startApp({
    CLIENT_DIR: join(ROOT, 'dist/client'),
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: SECRET,
    FREE_CREDITS_ON_UPGRADE: '20',
  });

// Plain node:http with kept-alive sockets: the load generator shares the machine's cores with the servers,
// and fetch costs it about twice the CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

async function call<T>(instance: Instance, cookie: string | null, method: string, path: string, body?: object) {
  const payload = body ? JSON.stringify(body) : undefined;
  const { status, text, setCookie } = await new Promise<{ status: number; text: string; setCookie?: string[] }>(
    (resolve, reject) => {
      const req = request(
        `${instance.url}${path}`,
        {
          method,
          agent,
          headers: {
            origin: instance.url,
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, setCookie: res.headers['set-cookie'] }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
  if (status < 200 || status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
  return { body: JSON.parse(text) as T, cookie: sessionCookieOf(setCookie ?? []) };
}

/**
 * Customers and providers-to-be made in SQL, each signed in (bench/support/sessions.ts): a hundred registrations
 * through the API would meet its per-address limit (docs/contract.md §3.5) and cost a scrypt hash each.
 */
async function accounts(databaseUrl: string, names: string[]): Promise<Account[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = names.map(() => randomUUID());
    await client.query(
      `insert into users (id, email, first_name, last_name)
       select id, name || '-' || $3::text || '@bench.example', name, 'Bench' from unnest($1::uuid[], $2::text[]) as n(id, name)`,
      [ids, names, Date.now()],
    );
    const cookies = await signedSessions(client, SECRET, ids);
    return ids.map((id) => ({ id, cookie: cookies.get(id)! }));
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function setUpPair(a: Instance, i: number, categoryId: number, customer: Account, account: Account) {
  // The session id changes on the upgrade (docs/contract.md §3.5).
  const upgraded = await call(a, account.cookie, 'POST', '/api/auth/upgrade-to-provider');
  const provider = { ...account, cookie: upgraded.cookie ?? account.cookie };
  const { body: job } = await call<{ id: string }>(a, customer.cookie, 'POST', '/api/jobs', {
    categoryId,
    title: `Bench job ${i}`,
    description: 'A job for the real-time benchmark.',
    zipCode: '78701',
    city: 'Austin',
    state: 'TX',
  });
  await call(a, provider.cookie, 'POST', `/api/jobs/${job.id}/bids`, { amount: '100' });
  return { customer, provider, jobId: job.id };
}

async function main() {
  const scratch = await createScratchDatabase(baseUrl!, 'bench_rt_');
  const instances: Instance[] = [];
  const streams: EventStream[] = [];
  try {
    const a = await startInstance(scratch.url);
    instances.push(a);
    const b = await startInstance(scratch.url);
    instances.push(b);
    console.log(`instances A ${a.url} and B ${b.url} on ${new URL(scratch.url).pathname.slice(1)}`);
    const { body: categories } = await call<{ id: number }[]>(a, null, 'GET', '/api/categories');

    const names = Array.from({ length: PAIRS }, (_, i) => i);
    const customers = await accounts(
      scratch.url,
      names.map((i) => `customer${i}`),
    );
    const providers = await accounts(
      scratch.url,
      names.map((i) => `provider${i}`),
    );
    const pairs: Awaited<ReturnType<typeof setUpPair>>[] = [];
    for (let i = 0; i < PAIRS; i += 1) {
      pairs.push(await setUpPair(a, i, categories[0]!.id, customers[i]!, providers[i]!));
    }
    // Customers listen on B, providers on A: every message crosses from one instance to the other.
    const customerStreams = await Promise.all(pairs.map((p) => openEventStream(b.url, p.customer.cookie)));
    const providerStreams = await Promise.all(pairs.map((p) => openEventStream(a.url, p.provider.cookie)));
    streams.push(...customerStreams, ...providerStreams);
    // Warm-up, not measured: every pair writes once each way, so each instance's pool connections have
    // prepared the send statement and its code is compiled before the clock starts.
    await Promise.all(
      pairs.map(async (pair, i) => {
        const warm = { jobId: pair.jobId, content: 'warm-up' };
        const toCustomer = await call<{ id: string }>(a, pair.provider.cookie, 'POST', '/api/messages', {
          ...warm,
          receiverId: pair.customer.id,
        });
        await customerStreams[i]!.next('message.created', (d) => d.message.id === toCustomer.body.id, 10_000);
        const toProvider = await call<{ id: string }>(b, pair.customer.cookie, 'POST', '/api/messages', {
          ...warm,
          receiverId: pair.provider.id,
        });
        await providerStreams[i]!.next('message.created', (d) => d.message.id === toProvider.body.id, 10_000);
      }),
    );

    const latencies: number[] = [];
    const afterResponse: number[] = [];
    const posts: number[] = [];
    let lost = 0;
    const started = performance.now();
    const cpuBefore = instances.map((i) => cpuSeconds(i.pid));
    const generatorBefore = process.cpuUsage();
    // Messages round-robin over the pairs; IN_FLIGHT senders work through them, each awaiting delivery.
    const tasks = Array.from({ length: MESSAGES }, (_, k) => ({ i: k % PAIRS, n: Math.floor(k / PAIRS) }));
    let next = 0;
    const sender = async () => {
      while (next < tasks.length) {
        const { i, n } = tasks[next++]!;
        const pair = pairs[i]!;
        const fromProvider = n % 2 === 0;
        const [from, to, via, stream] = fromProvider
          ? [pair.provider, pair.customer, a, customerStreams[i]!]
          : [pair.customer, pair.provider, b, providerStreams[i]!];
        const t0 = performance.now();
        const { body: sent } = await call<{ id: string }>(via, from.cookie, 'POST', '/api/messages', {
          jobId: pair.jobId,
          receiverId: to.id,
          content: `message ${n} of pair ${i}`,
        });
        const t1 = performance.now();
        posts.push(t1 - t0);
        try {
          const event = await stream.next('message.created', (d) => d.message.id === sent.id, 5000);
          latencies.push(event.receivedAt - t0);
          afterResponse.push(Math.max(0, event.receivedAt - t1));
        } catch {
          lost += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, MESSAGES) }, sender));
    const elapsed = (performance.now() - started) / 1000;
    const generatorCpu = process.cpuUsage(generatorBefore);
    const perMessage = (seconds: number | null) =>
      seconds === null ? 'n/a' : `${((seconds * 1000) / MESSAGES).toFixed(2)} ms`;
    const cpuLine = instances
      .map((instance, k) => {
        const after = cpuSeconds(instance.pid);
        const before = cpuBefore[k] ?? null;
        return `instance ${'AB'[k]} ${perMessage(after === null || before === null ? null : after - before)}`;
      })
      .join(', ');
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const row = (label: string, values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      const cells = [50, 90, 99].map((p) => ms(percentile(sorted, p)));
      console.log(`| ${label} | ${cells.join(' | ')} | ${ms(sorted.at(-1) ?? 0)} |`);
      return percentile(sorted, 99);
    };
    console.log(
      `\n${latencies.length + lost} messages, ${PAIRS} pairs, ${IN_FLIGHT} in flight at once, ${latencies.length} delivered, ${lost} lost, ${elapsed.toFixed(1)} s, ${(latencies.length / elapsed).toFixed(0)} msg/s\n`,
    );
    console.log(
      `CPU per message: ${cpuLine}, load generator ${perMessage((generatorCpu.user + generatorCpu.system) / 1e6)}; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    console.log('| measure | p50 | p90 | p99 | max |');
    console.log('|---|---|---|---|---|');
    const p99 = row('delivery: POST sent → event on the other instance', latencies);
    row('POST /api/messages round trip', posts);
    row('event after the POST answered', afterResponse);
    console.log(`\nbar: p99 ≤ 250 ms → ${p99 <= 250 && lost === 0 ? 'PASS' : 'FAIL'} (spec polling: up to 5000 ms)`);
  } finally {
    for (const stream of streams) stream.close();
    for (const instance of instances) await instance.stop();
    await scratch.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

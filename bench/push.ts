/**
 * Lead pushes at scale (docs/contract.md §3.10): one job posted in an area with BENCH_PROVIDERS (1,000) matching
 * providers, each with one subscribed device on a local push service (src/server/test/push-service.ts: TLS,
 * RFC 8291 decryption and VAPID checked for every push). The figure is the time from the POST /api/jobs answer
 * until the push service has received each push (p50, p99, last), for BENCH_JOBS (3) jobs posted one after the
 * other.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:push
 *
 * Creates its own database next to BENCH_DATABASE_URL (or DATABASE_URL) and drops it afterwards; starts one
 * server process on it (e2e/support/app.ts startApp: the built server after `npm run build`, else the sources),
 * which trusts the push service's test certificate through NODE_EXTRA_CA_CERTS. The providers are made through
 * the API once, then copied row by row in SQL (their accounts, profiles, capabilities, areas and subscriptions).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sessionCookieOf } from '#server/test/cookies.js';
import { createScratchDatabase } from '#server/test/database.js';
import { OIDC_CA_FILE } from '#server/test/oidc-provider.js';
import { startPushService } from '#server/test/push-service.js';
import { startApp, type RunningApp } from '../e2e/support/app.js';
import { ROOT } from '../e2e/support/build.js';
import { cpuSeconds } from './support/cpu.js';
import { benchDatabaseUrl, knob } from './support/knobs.js';

const baseUrl = benchDatabaseUrl();
const PROVIDERS = knob('BENCH_PROVIDERS', 1000, 20_000);
const JOBS = knob('BENCH_JOBS', 3, 50);
const ZIP = '78701';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const service = await startPushService();
  const database = await createScratchDatabase(baseUrl!, 'bench_push');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let app: RunningApp | null = null;
  try {
    app = await startApp({
      CLIENT_DIR: join(ROOT, 'dist/client'),
      DATABASE_URL: database.url,
      PUSH_SERVICE_ORIGINS: service.origin,
      NODE_EXTRA_CA_CERTS: OIDC_CA_FILE,
    });
    const url = app.url;
    const call = async (cookie: string, method: string, path: string, body?: object) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { cookie, origin: url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return {
        json: (await response.json()) as Record<string, unknown>,
        cookie: sessionCookieOf(response.headers.getSetCookie()) ?? cookie,
      };
    };
    const register = async (name: string) =>
      (
        await call('', 'POST', '/api/auth/register', {
          email: `${name}-${Date.now()}@example.com`,
          password: 'correct horse battery',
          firstName: name,
          lastName: 'Bench',
        })
      ).cookie;

    // One provider through the API, the template of the others.
    let provider = await register('template');
    provider = (await call(provider, 'POST', '/api/auth/upgrade-to-provider')).cookie;
    await call(provider, 'POST', '/api/business-profile', {
      businessName: 'Bench Plumbing',
      businessType: 'llc',
      description: 'Pipes, drains and water heaters.',
      phone: '5125550100',
    });
    const categories = (await fetch(`${url}/api/categories`, { headers: { cookie: provider } }).then((r) =>
      r.json(),
    )) as {
      id: number;
      slug: string;
    }[];
    const plumbing = categories.find((c) => c.slug === 'plumbing')!.id;
    await call(provider, 'POST', '/api/business-profile/capabilities', { categoryId: plumbing });
    await call(provider, 'POST', '/api/business-profile/areas', { zipCode: ZIP, radiusMiles: 10 });

    // Its copies: accounts, profiles, capabilities, areas; then one device each.
    const copies = PROVIDERS - 1;
    await pool.query(`
      with template as (select u.*, p.id as profile_id from users u join business_profiles p on p.user_id = u.id limit 1),
      made as (
        insert into users (email, password_hash, first_name, last_name, role, can_provide_services)
        select 'p' || n || '-' || t.email, t.password_hash, 'P' || n, 'Bench', 'provider', true
          from template t, generate_series(1, ${copies}) n
        returning id),
      profiles as (
        insert into business_profiles (user_id, business_name, business_type)
        select made.id, 'Copy', 'llc' from made returning id)
      insert into service_areas (business_profile_id, zip_code, city, state, latitude, longitude, radius_miles)
      select profiles.id, a.zip_code, a.city, a.state, a.latitude, a.longitude, a.radius_miles
        from profiles, service_areas a join template t on a.business_profile_id = t.profile_id`);
    await pool.query(`
      insert into service_capabilities (business_profile_id, category_id)
      select p.id, ${plumbing} from business_profiles p
       where not exists (select 1 from service_capabilities c where c.business_profile_id = p.id)`);
    const { rows: providers } = await pool.query<{ id: string }>(`select user_id as id from business_profiles`);
    const devices = providers.map(() => service.device());
    await pool.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
       select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
      [
        providers.map((p) => p.id),
        devices.map((d) => d.subscription.endpoint),
        devices.map((d) => d.subscription.keys.p256dh),
        devices.map((d) => d.subscription.keys.auth),
      ],
    );
    console.log(`${providers.length} matching providers with a subscribed device each`);

    const customer = await register('customer');
    const load = loadavg()[0]!;
    const all: number[] = [];
    for (let job = 1; job <= JOBS; job += 1) {
      const before = service.received.length;
      const cpuBefore = cpuSeconds(app.pid);
      const posted = await call(customer, 'POST', '/api/jobs', {
        categoryId: plumbing,
        title: `Bench job ${job}`,
        description: 'A leak under the kitchen sink, every day.',
        zipCode: ZIP,
        city: 'Austin',
        state: 'TX',
      });
      const answeredAt = performance.now();
      await service.waitFor(before + providers.length, 120_000);
      const times = service.received
        .slice(before)
        .filter((push) => push.payload.url?.endsWith(String(posted.json.id)))
        .map((push) => push.at - answeredAt)
        .sort((a, b) => a - b);
      if (times.length !== providers.length) throw new Error(`${times.length} pushes for ${providers.length} devices`);
      all.push(...times);
      const cpuAfter = cpuSeconds(app.pid);
      // The server's CPU for the job: its post (matching, lead emails and pushes written), then every push sent,
      // and the mail worker's lead emails meanwhile. Unlike the times, it hardly depends on what else runs.
      const cpu = cpuBefore === null || cpuAfter === null ? 'n/a' : `${((cpuAfter - cpuBefore) * 1000).toFixed(0)} ms`;
      console.log(
        `job ${job}: ${times.length} pushes, first ${times[0]!.toFixed(0)} ms, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, last ${times.at(-1)!.toFixed(0)} ms; server CPU ${cpu}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `all ${all.length} pushes: p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms, max ${all.at(-1)!.toFixed(0)} ms (load average ${load.toFixed(2)} at the start)`,
    );
  } finally {
    await app?.stop();
    await pool.end();
    await database.drop();
    await service.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '#shared/i18n/index.js';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase, type Database } from '#server/db/client.js';
import { signUp, testConfig, type Session } from '#server/test/app.js';
import { createTestDatabase, TEST_DATABASE_URL } from '#server/test/database.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { RATE_LIMITS } from './rate-limit.js';

/**
 * Two app instances on one database (docs/contract.md §3.8): on PostgreSQL two pools on one database, as two
 * processes would have; on embedded PGlite two apps on the one in-process database.
 */
let a: FastifyInstance;
let b: FastifyInstance;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const first = await createTestDatabase();
  let second: Database = first;
  if (TEST_DATABASE_URL) {
    second = await openDatabase({
      url: first.url,
      pgliteDir: null,
      migrationsFolder: migrationsFolder(findRootDir()),
      poolSize: 5,
    });
  }
  const config = testConfig();
  a = await buildApp(config, { database: first, serveClient: false });
  b = await buildApp(config, { database: second, serveClient: false });
  closeAll = async () => {
    await b.close();
    await a.close();
  };
});
afterAll(() => closeAll?.());

let addressCounter = 0;
/** A client address of its own for each test, so that one test's counts are not another's. */
const newAddress = () => `192.0.2.${++addressCounter}`;

/** Requests alternate between the two instances: A, B, A, B … */
function alternate(): (options: InjectOptions) => Promise<LightMyRequestResponse> {
  let turn = 0;
  return (options) => (turn++ % 2 === 0 ? a : b).inject(options);
}

function expectLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    message: 'Too many requests. Please wait a moment and try again.',
    code: 'rate_limited',
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const password = 'correct horse battery';

describe('login and registration limits, shared by two instances', () => {
  it('allows 30 login attempts per address in 15 minutes, then answers 429 rate_limited with Retry-After', async () => {
    expect(RATE_LIMITS.login_ip).toMatchObject({ max: 30, windowMs: 15 * 60_000 });
    const send = alternate();
    const remoteAddress = newAddress();
    for (let i = 0; i < 30; i++) {
      const response = await send({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: `nobody${i}@example.com`, password: 'wrong password' },
      });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await send({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email: 'nobody-else@example.com', password: 'wrong password' },
    });
    expectLimited(refused, 15 * 60);
    // Another address is not affected.
    const other = await send({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: newAddress(),
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('allows 10 failures per email in 15 minutes from any addresses, then refuses even the right password', async () => {
    const user = await signUp(a, { password });
    const send = alternate();
    const attempt = (pass: string) =>
      send({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: newAddress(),
        payload: { email: user.user.email.toUpperCase(), password: pass },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong password')).statusCode).toBe(401);
    expectLimited(await attempt(password), 15 * 60);
  });

  it('counts an unknown email exactly like a known one, so the limit reveals nothing', async () => {
    const known = await signUp(a, { password });
    const bodies: string[] = [];
    for (const email of [known.user.email, `unknown-${Date.now()}@example.com`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await alternate()({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: newAddress(),
          payload: { email, password: 'wrong password' },
        });
        statuses.push(response.statusCode);
        if (i === 10) bodies.push(response.body);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
    }
    expect(bodies[0]).toBe(bodies[1]);
  });

  it('does not count successful logins against the email', async () => {
    const user = await signUp(a, { password });
    const send = alternate();
    for (let i = 0; i < 15; i++) {
      const response = await send({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: newAddress(),
        payload: { email: user.user.email, password },
      });
      expect(response.statusCode, `login ${i + 1}`).toBe(200);
    }
  });

  it('allows 20 registrations per address an hour, then 429', async () => {
    const send = alternate();
    const remoteAddress = newAddress();
    const register = (i: number) =>
      send({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        payload: { email: `ip-limit-${i}-${Date.now()}@example.com`, password, firstName: 'Rate', lastName: 'Limit' },
      });
    for (let i = 0; i < 20; i++) expect((await register(i)).statusCode, `registration ${i + 1}`).toBe(201);
    expectLimited(await register(20), 60 * 60);
  });

  it('allows 5 registration attempts per email an hour, then 429', async () => {
    const send = alternate();
    const email = `email-limit-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await send({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: newAddress(),
        payload: { email, password, firstName: 'Rate', lastName: 'Limit' },
      });
      statuses.push(response.statusCode);
      if (i === 5) expectLimited(response, 60 * 60);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });

  it('limits password-reset requests like login: 5 per email an hour, known or not, then 429', async () => {
    for (const email of ['reset-limit@example.com', `unknown-reset-${Date.now()}@example.com`]) {
      const send = alternate();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await send({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: newAddress(),
          payload: { email },
        });
        statuses.push(response.statusCode);
        if (i === 5) expectLimited(response, 60 * 60);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
  });

  it('limits password-reset requests to 30 per address in 15 minutes', async () => {
    const send = alternate();
    const remoteAddress = newAddress();
    for (let i = 0; i < 30; i++) {
      const response = await send({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress,
        payload: { email: `many-${i}@example.com` },
      });
      expect(response.statusCode).toBe(202);
    }
    expectLimited(
      await send({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress,
        payload: { email: 'x@example.com' },
      }),
      15 * 60,
    );
  });

  it('reads the client address from X-Forwarded-For only when TRUST_PROXY says a proxy stands in front', async () => {
    // Without TRUST_PROXY a forged header changes nothing: the address is the socket's.
    const remoteAddress = newAddress();
    const send = alternate();
    for (let i = 0; i < 30; i++) {
      await send({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `forged${i}@example.com`, password: 'wrong password' },
      });
    }
    const refused = await send({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': '198.51.100.200' },
      payload: { email: 'forged@example.com', password: 'wrong password' },
    });
    expect(refused.statusCode).toBe(429);
  });
});

describe('behind a load balancer (TRUST_PROXY=1)', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await buildApp(testConfig({ TRUST_PROXY: '1' }), {
      database: await createTestDatabase(),
      serveClient: false,
    });
  });
  afterAll(() => proxied?.close());

  it('limits each client by its X-Forwarded-For address, not the balancer', async () => {
    const balancer = newAddress();
    const login = (client: string, i: number) =>
      proxied.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: balancer,
        headers: { 'x-forwarded-for': client },
        payload: { email: `behind${i}@example.com`, password: 'wrong password' },
      });
    for (let i = 0; i < 30; i++) expect((await login('203.0.113.7', i)).statusCode).toBe(401);
    expect((await login('203.0.113.7', 30)).statusCode).toBe(429);
    expect((await login('203.0.113.8', 31)).statusCode).toBe(401);
  });
});

describe('per-user limits on bids, messages, promo redemptions, uploads and push subscriptions, shared by two instances', () => {
  let provider: Session;
  let owner: Session;
  let jobId: string;

  beforeAll(async () => {
    owner = await signUp(a);
    provider = await makeProvider(a, 100);
    jobId = (await createJob(a.db, owner.user.id)).id;
  });

  /** `max` requests pass the limiter (answered whatever the route answers), the next is 429. */
  async function expectUserLimit(session: Session, max: number, options: InjectOptions) {
    const send = alternate();
    const statuses = new Set<number>();
    for (let i = 0; i < max; i++) {
      const response = await send({ ...options, headers: { ...options.headers, cookie: session.cookie } });
      expect(response.statusCode, `request ${i + 1}: ${response.body}`).not.toBe(429);
      statuses.add(response.statusCode);
    }
    expectLimited(await send({ ...options, headers: { ...options.headers, cookie: session.cookie } }), 60);
    // Someone else is not affected.
    const other = await makeProvider(a, 0);
    const response = await send({ ...options, headers: { ...options.headers, cookie: other.cookie } });
    expect(response.statusCode).not.toBe(429);
    return statuses;
  }

  it('allows 60 bids a minute per user (a second bid on one job is refused but counted)', async () => {
    expect(RATE_LIMITS.bids.max).toBeGreaterThanOrEqual(60);
    const statuses = await expectUserLimit(provider, RATE_LIMITS.bids.max, {
      method: 'POST',
      url: `/api/jobs/${jobId}/bids`,
      payload: { amount: '120' },
    });
    expect([...statuses].sort()).toEqual([201, 409]);
  });

  it('allows 120 messages a minute per user', async () => {
    expect(RATE_LIMITS.messages.max).toBeGreaterThanOrEqual(60);
    const statuses = await expectUserLimit(owner, RATE_LIMITS.messages.max, {
      method: 'POST',
      url: '/api/messages',
      payload: { jobId, receiverId: provider.user.id, content: 'Still there?' },
    });
    expect([...statuses]).toEqual([201]);
  });

  it('allows 60 promo redemptions a minute per user', async () => {
    expect(RATE_LIMITS.promo_redemptions.max).toBeGreaterThanOrEqual(60);
    await expectUserLimit(provider, RATE_LIMITS.promo_redemptions.max, {
      method: 'POST',
      url: '/api/promo-codes/redeem',
      payload: { code: 'NOSUCHCODE' },
    });
  });

  it('allows 60 uploads a minute per user', async () => {
    expect(RATE_LIMITS.uploads.max).toBeGreaterThanOrEqual(60);
    await expectUserLimit(owner, RATE_LIMITS.uploads.max, {
      method: 'POST',
      url: '/api/uploads',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
  });

  it('allows 30 push subscriptions a minute per user (a device posts its own again on each visit)', async () => {
    expect(RATE_LIMITS.push_subscriptions).toMatchObject({ max: 30, windowMs: 60_000 });
    const statuses = await expectUserLimit(owner, RATE_LIMITS.push_subscriptions.max, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/rate-limited-device',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    });
    expect([...statuses].sort()).toEqual([200, 201]);
  });
});

describe('the refusal in both languages', () => {
  it('has the rate_limited message in English and Spanish for the client to show', () => {
    expect(resources.en.errors!.rate_limited).toBeTruthy();
    expect(resources.es.errors!.rate_limited).toBeTruthy();
    expect(resources.es.errors!.rate_limited).not.toBe(resources.en.errors!.rate_limited);
  });
});

describe('the counters', () => {
  it('start a new window once the old one has ended', async () => {
    const key = `test:${Date.now()}`;
    const { PostgresRateLimitStore } = await import('./rate-limit.js');
    const store = new PostgresRateLimitStore(a.db);
    const incr = (windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
      );
    // A window long enough that a loaded machine still counts the second hit in it.
    expect((await incr(1_000)).current).toBe(1);
    expect((await incr(1_000)).current).toBe(2);
    await new Promise((r) => setTimeout(r, 1_100));
    const fresh = await incr(60_000);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(59_000);
  });
});

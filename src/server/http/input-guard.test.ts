import { request as httpRequest } from 'node:http';
import { count } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, rateLimitCounters } from '#server/db/schema/index.js';
import { as, createTestApp, sessionCookie, type Session, type TestApp } from '#server/test/app.js';
import { listenOnFreePort } from '#server/test/events.js';
import { createJob, grantCredits, signUpOperator } from '#server/test/factories.js';
import { startStripeServer, type StripeTestServer } from '#server/test/stripe-server.js';

let t: TestApp;
let stripe: StripeTestServer;
let admin: Session;
let ownJobId: string;

const ADMIN = 'battery-admin@example.com';

// An operator who is also a provider with credits and a job, and payments configured: the battery reaches
// as deep into every route as a real caller can.
beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, ...stripe.env });
  const customer = await signUpOperator(t.app, ADMIN);
  const upgraded = await as(t.app, customer)({ method: 'POST', url: '/api/auth/upgrade-to-provider' });
  admin = { ...customer, cookie: sessionCookie(upgraded) };
  await grantCredits(t.app.db, admin.user.id, 500);
  ownJobId = (await createJob(t.app.db, admin.user.id)).id;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** No 5xx, and any refusal in the `{message, code}` shape (docs/contract.md §3). */
function expectClean(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = response.json() as Record<string, unknown>;
  expect(typeof body.message, `${what}: message in ${response.body}`).toBe('string');
  expect(typeof body.code, `${what}: code in ${response.body}`).toBe('string');
  expect(response.body, what).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

type Shape = { shape?: Record<string, unknown> };
const fieldsOf = (schema: unknown): string[] => Object.keys((schema as Shape | undefined)?.shape ?? {});

const fillParams = (url: string, value: string) => url.replace(/:(\w+)/g, () => value);

// The battery's bodies, written as raw JSON so that what JSON.stringify cannot write (1e309, a lone
// surrogate escape) reaches the server as a client could send it.
function fieldBodies(fields: string[]): [string, string][] {
  const names = fields.length > 0 ? fields : ['value'];
  return names.flatMap((field) => [
    [`NUL in ${field}`, `{${JSON.stringify(field)}:"a\\u0000b"}`],
    [`lone surrogate in ${field}`, `{${JSON.stringify(field)}:"a\\ud800b"}`],
    [`1e309 in ${field}`, `{${JSON.stringify(field)}:1e309}`],
    [`1e300 in ${field}`, `{${JSON.stringify(field)}:1e300}`],
    [`2^63 in ${field}`, `{${JSON.stringify(field)}:9223372036854775808}`],
    [`NUL in an array in ${field}`, `{${JSON.stringify(field)}:["a\\u0000"]}`],
  ]);
}
const NON_OBJECT_BODIES = ['"text"', '[]', '[1,2]', '42', 'null', 'true', '{"a":{"b":{"c":"\\u0000"}}}'];

describe('every route in the route table against the bad-input battery', () => {
  // A stream never ends, and logging out would end the battery's own session: both are sent it logged out only.
  const loggedOutOnly = (url: string) => url === '/api/events' || url === '/api/logout';

  it('walks the route table (new routes are covered without anyone listing them)', () => {
    const urls = t.app.routeList.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/jobs');
    expect(urls).toContain('POST /api/service-requests');
    expect(urls.length).toBeGreaterThan(50);
  });

  it('answers every protected route 401 to a logged-out caller, whatever the body', async () => {
    const routes = t.app.routeList.filter((r) => !r.isPublic && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = fillParams(route.url, ownJobId);
      for (const payload of [undefined, ...NON_OBJECT_BODIES, '{"title":"a\\u0000"}', '{bad json']) {
        const response = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url,
          ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/json' } } : {}),
        });
        const what = `${route.method} ${route.url} logged out, body ${payload}`;
        expect(response.statusCode, what).toBe(401);
        expect(response.json(), what).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
      }
    }
  });

  it('gives no 5xx and only {message, code} refusals for NUL, lone surrogates, huge numbers, non-objects and over-long ids', async () => {
    const call = as(t.app, admin);
    let sent = 0;
    for (const route of t.app.routeList) {
      if (route.method === 'HEAD' || loggedOutOnly(route.url)) continue;
      const method = route.method as InjectOptions['method'];
      const url = fillParams(route.url, ownJobId);
      const schema = route.route.schema as { body?: unknown; querystring?: unknown } | undefined;
      const json = { 'content-type': 'application/json' };

      const bodies =
        route.method === 'GET'
          ? []
          : [...fieldBodies(fieldsOf(schema?.body)), ...NON_OBJECT_BODIES.map((b) => [`body ${b}`, b])];
      for (const [what, payload] of bodies) {
        expectClean(await call({ method, url, payload, headers: json }), `${route.method} ${route.url} ${what}`);
        sent += 1;
      }
      for (const field of [...fieldsOf(schema?.querystring), 'q']) {
        for (const value of ['%00', '%ED%A0%80', '%F0%9F', '1e309', 'x'.repeat(3000)]) {
          const query = `${url}?${field}=${value}`;
          expectClean(await call({ method, url: query }), `${route.method} ${query.slice(0, 120)}`);
          sent += 1;
        }
      }
      if (route.url.includes(':')) {
        const long = fillParams(route.url, 'a'.repeat(300));
        const response = await call({ method, url: long, payload: '{}', headers: json });
        expectClean(response, `${route.method} ${route.url} with a 300-character id`);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(500);
    // Still signed in: every call above went past the auth guard into its route.
    expect((await call({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  }, 120_000);
});

describe('query strings on every route in the route table', () => {
  it('answer a repeated parameter 400 validation_error naming it, before any handler runs', async () => {
    // The battery above spent the operator's per-user limits too (push subscriptions allow 30 a minute), which
    // are counted before a query string is read: a fresh window, as a minute later.
    await t.app.db.delete(rateLimitCounters);
    const call = as(t.app, admin);
    let sent = 0;
    for (const route of t.app.routeList) {
      if (route.method === 'HEAD') continue;
      const schema = route.route.schema as { querystring?: unknown } | undefined;
      for (const field of [...new Set([...fieldsOf(schema?.querystring), 'token'])]) {
        const url = `${fillParams(route.url, ownJobId)}?${field}=a&${field}=b`;
        // An address of its own: the battery above spent the rate limits of the default one.
        const remoteAddress = `10.251.${sent >> 8}.${sent & 255}`;
        const response = await call({ method: route.method as InjectOptions['method'], url, remoteAddress });
        const what = `${route.method} ${url}`;
        expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(400);
        expect(response.json(), what).toMatchObject({
          code: 'validation_error',
          errors: [{ path: `query.${field}`, code: 'validation:repeated_parameter' }],
        });
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(70);
    expect((await call({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it.each([
    ['GET', '/api/email/unsubscribe?token=a.b.c&token=x'],
    ['POST', '/api/email/unsubscribe?token=a.b.c&token=x'],
    ['GET', '/api/jobs?limit=5&limit=6'],
    ['GET', '/api/providers/search?q=paint&q=tile'],
    ['GET', '/api/login?returnTo=/jobs&returnTo=//evil.example'],
  ])('answers %s %s 400 in the {message, code} shape', async (method, url) => {
    const response = await as(t.app, admin)({ method: method as 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please correct the highlighted fields',
      code: 'validation_error',
    });
  });

  it.each([
    '/api/email/unsubscribe?token=%E0%A4%A',
    '/api/email/unsubscribe?token=',
    '/api/email/unsubscribe?token[]=a',
    `/api/email/unsubscribe?token=${'a'.repeat(600)}`,
    '/api/email/unsubscribe',
  ])('answers a malformed or missing unsubscribe token %s 400, GET and POST', async (url) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(['invalid_token', 'validation_error']).toContain(response.json().code);
    }
  });
});

describe('the input guard', () => {
  const postJob = (payload: string) =>
    as(t.app, admin)({ method: 'POST', url: '/api/jobs', payload, headers: { 'content-type': 'application/json' } });
  const jobCount = async () => Number((await t.app.db.select({ n: count() }).from(jobs))[0]!.n);
  const validJob = (title: string) =>
    `{"categoryId":1,"title":${title},"description":"The pipe under the sink drips all day.","zipCode":"78701","city":"Austin","state":"TX"}`;

  it('refuses a NUL byte in a job title with 400 validation_error naming the field, and writes nothing', async () => {
    const before = await jobCount();
    const response = await postJob(validJob('"Fix the\\u0000 sink"'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      errors: [{ path: 'title', code: 'validation:invalid_characters' }],
    });
    expect(await jobCount()).toBe(before);
  });

  it('refuses a lone surrogate and 1e309 the same way', async () => {
    expect((await postJob(validJob('"Fix \\udc00 sink"'))).json()).toMatchObject({ code: 'validation_error' });
    const infinite = await postJob(validJob('"Fix the sink"').replace('"categoryId":1', '"categoryId":1e309'));
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json()).toMatchObject({ errors: [{ path: 'categoryId' }] });
  });

  it('answers a number too large for its column 400, never 500', async () => {
    const response = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'HUGE1', creditsAmount: 1e15 },
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().code).toBe('string');
  });

  it('answers a 300-character path parameter 414 uri_too_long in the {message, code} shape', async () => {
    const response = await as(t.app, admin)({ method: 'GET', url: `/api/jobs/${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'The address is too long', code: 'uri_too_long' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers an over-long query string 414 uri_too_long', async () => {
    const response = await as(t.app, admin)({ method: 'GET', url: `/api/providers/search?q=${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json().code).toBe('uri_too_long');
  });

  it('maps Fastify’s own refusals: bad JSON 400, a body over 1 MB 413, an unknown content type 415', async () => {
    const call = as(t.app, admin);
    const bad = await call({
      method: 'POST',
      url: '/api/jobs',
      payload: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_json');
    const big = await call({
      method: 'POST',
      url: '/api/jobs',
      payload: `{"title":"${'a'.repeat(1_100_000)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const text = await call({
      method: 'POST',
      url: '/api/jobs',
      payload: '<title>x</title>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
  });

  it('answers 401 to a logged-out service request before it looks at the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/service-requests', payload: { title: 'x' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('answers headers too large for Node’s parser 431 in the {message, code} shape, with the security headers', async () => {
    const base = await listenOnFreePort(t.app);
    const { status, headers, body } = await new Promise<{
      status: number;
      headers: Record<string, unknown>;
      body: string;
    }>((resolve, reject) => {
      const req = httpRequest(`${base}/api/categories`, { headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({ message: 'The request headers are too large', code: 'headers_too_large' });
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});

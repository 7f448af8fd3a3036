import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { as, signUp, testConfig, type TestApp } from '#server/test/app.js';
import { createTestDatabase } from '#server/test/database.js';
import { uploadPngs } from '#server/test/uploads.js';
import { testTempDir } from '#server/test/temp-dir.js';

/** The app serving a small built client (index.html and one hashed asset), as `npm start` serves dist/client. */
async function appWithClient(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const clientDir = testTempDir('tradesbid-client-');
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  const config = testConfig({ CLIENT_DIR: clientDir, ...env });
  return buildApp(config, { database: await createTestDatabase(), serveClient: true });
}

function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = directives(response);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'", 'https://js.stripe.com']);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-src'), what).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
  expect(csp.get('connect-src'), what).toContain("'self'");
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('security headers on every response', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithClient();
  });
  afterAll(() => app.close());

  it('sends them with the HTML shell, API answers, errors, 404s, static files and uploads', async () => {
    const customer = await signUp(app);
    const [upload] = await uploadPngs({ app } as TestApp, customer, 1);
    const call = as(app, customer);
    const responses: [string, LightMyRequestResponse][] = [
      ['the HTML shell', await app.inject({ url: '/' })],
      ['a client route', await app.inject({ url: '/jobs/123' })],
      ['an API answer', await app.inject({ url: '/api/categories' })],
      ['a 401', await app.inject({ url: '/api/auth/user' })],
      ['a 400', await call({ method: 'POST', url: '/api/jobs', payload: {} })],
      ['an API 404', await app.inject({ url: '/api/nothing-here' })],
      [
        'a 403 from the origin check',
        await call({ method: 'POST', url: '/api/jobs', headers: { origin: 'https://evil.example' } }),
      ],
      ['a hashed asset', await app.inject({ url: '/assets/index-abc123.js' })],
      ['an upload', await app.inject({ url: new URL(upload!.url, 'http://x').pathname })],
      ['a router refusal', await app.inject({ url: `/api/jobs/${'a'.repeat(300)}` })],
      ['health', await app.inject({ url: '/healthz' })],
    ];
    for (const [what, response] of responses) expectSecurityHeaders(response, what);
    expect(responses.find(([w]) => w === 'the HTML shell')![1].headers['content-type']).toMatch(/text\/html/);
  });

  it('allows no inline script and no framing by anyone, and no HSTS over plain HTTP', async () => {
    const response = await app.inject({ url: '/' });
    expect(String(response.headers['content-security-policy'])).not.toContain("unsafe-inline' https://js");
    expect(directives(response).get('script-src')).not.toContain("'unsafe-inline'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('caches hashed assets for a year and revalidates the HTML shell', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    // A HEAD of the shell (curl -I, uptime checks) answers like its GET.
    const head = await app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(head, 'HEAD of the shell');
  });
});

describe('over HTTPS', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithClient({ PUBLIC_URL: 'https://tradesbid.example', TRUST_PROXY: 'true' });
  });
  afterAll(() => app.close());

  it('sends HSTS when the public origin is HTTPS, and upgrades insecure requests', async () => {
    for (const url of ['/', '/api/categories', '/api/nothing-here']) {
      const response = await app.inject({ url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });
});

describe('with payments pointed at a Stripe test server and OpenID Connect configured', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWithClient({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
      OIDC_ISSUER_URL: 'https://login.example.com/realm',
      OIDC_CLIENT_ID: 'tradesbid',
      OIDC_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(() => app.close());

  it('lets the browser reach the Stripe API the server uses, and send a sign-in form to the provider', async () => {
    const csp = directives(await app.inject({ url: '/' }));
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:12111']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://login.example.com']);
  });
});

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { safeReturnTo } from '#shared/return-to.js';
import { sessions, users } from '#server/db/schema/index.js';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '#server/http/session.js';
import { createTestApp, signUp, type TestApp } from '#server/test/app.js';
import { cookieExpiry, sessionCookieOf, sidOf } from '#server/test/cookies.js';
import {
  ProviderBrowser as TestProviderBrowser,
  startOpenIdProvider,
  type TestOpenIdProvider,
} from '#server/test/oidc-provider.js';
import { livePendingLogin, PENDING_LOGIN_TTL_MS } from './service.js';

const APP = 'http://app.test';

let op: TestOpenIdProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startOpenIdProvider({ appOrigins: [APP] });
  const { NODE_EXTRA_CA_CERTS: _ca, ...env } = op.env;
  t = await createTestApp({ ...env, PUBLIC_URL: APP });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const setCookies = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat().map(String);

/** The provider's pages in a browser that comes back to this app's origin. */
class ProviderBrowser extends TestProviderBrowser {
  constructor() {
    super(APP);
  }
}

/** GET /api/login as a browser with no session: the provider's URL and the pending sign-in's cookie. */
async function startLogin(query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/login${query}` });
  expect(response.statusCode).toBe(302);
  return { location: String(response.headers.location), cookie: sessionCookieOf(setCookies(response))! };
}

/**
 * startLogin as if it happened `ms` ago: only the app's pending sign-in is old, the provider's part (its code,
 * its ID token) is of now. Only Date is faked, so the database and the sockets keep their real timers.
 */
async function startLoginAgo(ms: number, query = '') {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - ms });
  try {
    return await startLogin(query);
  } finally {
    vi.useRealTimers();
  }
}

async function callback(url: URL, cookie: string) {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
}

let accountCounter = 0;
function newAccount(claims: Parameters<TestOpenIdProvider['addAccount']>[1]): string {
  const id = `acct-${++accountCounter}-${Date.now()}`;
  op.addAccount(id, claims);
  return id;
}

describe('signing in with the OpenID Connect provider', () => {
  it('sends the browser to the provider with code flow, PKCE S256, state, nonce and the callback', async () => {
    const { location, cookie } = await startLogin();
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: op.clientId,
      scope: 'openid email profile',
      redirect_uri: `${APP}/api/callback`,
      code_challenge_method: 'S256',
    });
    expect(params.state!.length).toBeGreaterThan(20);
    expect(params.nonce!.length).toBeGreaterThan(20);
    expect(params.code_challenge!.length).toBe(43);
    expect(cookie).toMatch(/^sid=/);
  });

  it('signs a new person in end to end: a new account from the claims, a new session id, back to returnTo', async () => {
    const email = `nina-${Date.now()}@example.com`;
    const account = newAccount({ email, email_verified: true, given_name: 'Nina', family_name: 'Okafor' });
    const { location, cookie } = await startLogin('?returnTo=%2Fdashboard%3Ftab%3Dbids');
    const back = await new ProviderBrowser().signIn(location, account);
    expect(back.pathname).toBe('/api/callback');

    const response = await callback(back, cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard?tab=bids');
    const session = sessionCookieOf(setCookies(response))!;
    expect(session).not.toBe(cookie);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      firstName: 'Nina',
      lastName: 'Okafor',
      role: 'customer',
      emailVerified: true,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ oidcIssuer: op.issuer, oidcSubject: account, passwordHash: null });

    // The pre-login session id is worth nothing now.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('finds a returning person by issuer and subject, not by email', async () => {
    const account = newAccount({ email: `omar-${Date.now()}@example.com`, email_verified: true, name: 'Omar Ruiz' });
    for (let visit = 0; visit < 2; visit++) {
      const { location, cookie } = await startLogin();
      const response = await callback(await new ProviderBrowser().signIn(location, account), cookie);
      expect(response.headers.location).toBe('/');
    }
    const rows = await t.app.db.select().from(users).where(eq(users.oidcSubject, account));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Omar', lastName: 'Ruiz' });
  });

  it('links an existing password account when the provider says its email is verified', async () => {
    const existing = await signUp(t.app, { email: `linked-${Date.now()}@example.com` });
    expect(existing.user.emailVerified).toBe(false);
    const account = newAccount({
      email: existing.user.email.toUpperCase(),
      email_verified: true,
      name: 'Linked Person',
    });
    const { location, cookie } = await startLogin();
    const response = await callback(await new ProviderBrowser().signIn(location, account), cookie);
    expect(response.headers.location).toBe('/');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sessionCookieOf(setCookies(response))! },
    });
    // The provider vouched for the address, so the linked account's email is verified too.
    expect(me.json()).toMatchObject({ id: existing.user.id, emailVerified: true });
  });

  it('refuses an unverified email that a password account has: /login?error=oidc_email_unverified, nothing linked or made', async () => {
    const existing = await signUp(t.app, { email: `victim-${Date.now()}@example.com` });
    const account = newAccount({ email: existing.user.email, email_verified: false, name: 'Mallory' });
    const before = (await t.app.db.select().from(users)).length;
    const { location, cookie } = await startLogin();
    const response = await callback(await new ProviderBrowser().signIn(location, account), cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=oidc_email_unverified');
    expect((await t.app.db.select().from(users)).length).toBe(before);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row!.oidcSubject).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('takes email_verified "true" (a string) as unverified: it links nothing and never answers 500', async () => {
    const existing = await signUp(t.app, { email: `stringly-${Date.now()}@example.com` });
    const taker = newAccount({ email: existing.user.email, email_verified: 'true', name: 'String Ly' });
    const first = await startLogin();
    const refused = await callback(await new ProviderBrowser().signIn(first.location, taker), first.cookie);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/login?error=oidc_email_unverified');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row!.oidcSubject).toBeNull();

    // An address nobody has makes a new account, as any unverified one does.
    const email = `stringly-new-${Date.now()}@example.com`;
    const newcomer = newAccount({ email, email_verified: 'true', name: 'New Comer' });
    const second = await startLogin();
    const made = await callback(await new ProviderBrowser().signIn(second.location, newcomer), second.cookie);
    expect(made.statusCode).toBe(302);
    expect(made.headers.location).toBe('/');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('makes a new, unverified account for an unverified email that nobody has', async () => {
    const email = `fresh-${Date.now()}@example.com`;
    const account = newAccount({ email, email_verified: false, name: 'Fresh Face' });
    const { location, cookie } = await startLogin();
    const response = await callback(await new ProviderBrowser().signIn(location, account), cookie);
    expect(response.headers.location).toBe('/');
    const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).toBeNull();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: sessionCookieOf(setCookies(response))! },
    });
    expect(me.json()).toMatchObject({ email, emailVerified: false });
  });

  it('refuses a tampered state, a code used twice, a callback with no sign-in under way and an error from the provider', async () => {
    const account = newAccount({ email: `tamper-${Date.now()}@example.com`, email_verified: true, name: 'T T' });
    const before = (await t.app.db.select().from(users)).length;

    const first = await startLogin();
    const back = await new ProviderBrowser().signIn(first.location, account);
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'forged-state');
    const forged = await callback(tampered, first.cookie);
    expect(forged.headers.location).toBe('/login?error=oidc_failed');
    // The pending sign-in was used up by the forged attempt: the real answer does not work afterwards either.
    expect((await callback(back, first.cookie)).headers.location).toBe('/login?error=oidc_failed');

    const second = await startLogin();
    const good = await new ProviderBrowser().signIn(second.location, account);
    const ok = await callback(good, second.cookie);
    expect(ok.headers.location).toBe('/');
    // The same code again, with a new pending sign-in of the same browser: the provider refuses the code.
    const third = await t.app.inject({
      method: 'GET',
      url: '/api/login',
      headers: { cookie: sessionCookieOf(setCookies(ok))! },
    });
    const replay = await callback(good, sessionCookieOf(setCookies(third)) ?? sessionCookieOf(setCookies(ok))!);
    expect(replay.headers.location).toBe('/login?error=oidc_failed');

    const none = await t.app.inject({ method: 'GET', url: `/api/callback${good.search}` });
    expect(none.headers.location).toBe('/login?error=oidc_failed');

    const denied = await startLogin();
    const state = new URL(denied.location).searchParams.get('state')!;
    const error = await callback(new URL(`${APP}/api/callback?error=access_denied&state=${state}`), denied.cookie);
    expect(error.headers.location).toBe('/login?error=oidc_failed');

    // Only the one good sign-in made an account.
    expect((await t.app.db.select().from(users)).length).toBe(before + 1);
  });

  it('refuses a callback after the pending sign-in’s lifetime: /login?error=oidc_failed, nothing made', async () => {
    const email = `late-${Date.now()}@example.com`;
    const account = newAccount({ email, email_verified: true, name: 'Late Comer' });
    const started = await startLoginAgo(PENDING_LOGIN_TTL_MS + 1000, '?returnTo=%2Fprojects');
    const back = await new ProviderBrowser().signIn(started.location, account);
    const late = await callback(back, started.cookie);
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe('/login?error=oidc_failed');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // The expired sign-in is gone from the session: the same answer again is refused as well.
    expect((await callback(back, started.cookie)).headers.location).toBe('/login?error=oidc_failed');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    // A minute inside the lifetime, the same person gets in.
    const inTime = await startLoginAgo(PENDING_LOGIN_TTL_MS - 60_000, '?returnTo=%2Fprojects');
    const ok = await callback(await new ProviderBrowser().signIn(inTime.location, account), inTime.cookie);
    expect(ok.headers.location).toBe('/projects');
  });

  it('keeps a session that holds only a sign-in under way no longer than that sign-in may take', async () => {
    const before = Date.now();
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    const header = setCookies(login).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    const cookieExpires = cookieExpiry(header);
    // Expires is written to the second.
    expect(cookieExpires).toBeGreaterThan(before + PENDING_LOGIN_TTL_MS - 2_000);
    expect(cookieExpires).toBeLessThanOrEqual(Date.now() + PENDING_LOGIN_TTL_MS);
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(header)));
    expect(Math.abs(row!.expire.getTime() - cookieExpires)).toBeLessThan(1_000);

    // Signed in, the session is a new one of the usual lifetime.
    const account = newAccount({ email: `pending-${Date.now()}@example.com`, email_verified: true, name: 'Pen Ding' });
    const cookie = sessionCookieOf(setCookies(login))!;
    const back = await callback(await new ProviderBrowser().signIn(String(login.headers.location), account), cookie);
    const signedIn = setCookies(back).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookieExpiry(signedIn)).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - 60_000);
  });

  it('logs out through the provider’s end-session endpoint with the ID token as hint', async () => {
    const account = newAccount({ email: `bye-${Date.now()}@example.com`, email_verified: true, name: 'Bye Now' });
    const { location, cookie } = await startLogin();
    const signedIn = await callback(await new ProviderBrowser().signIn(location, account), cookie);
    const session = sessionCookieOf(setCookies(signedIn))!;
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: session } });
    expect(logout.statusCode).toBe(302);
    const endSession = new URL(String(logout.headers.location));
    expect(endSession.origin).toBe(op.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${APP}/`);
    expect(endSession.searchParams.get('id_token_hint')!.split('.')).toHaveLength(3);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(401);
    // A password session logs out to / as before.
    const local = await signUp(t.app);
    const plain = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: local.cookie } });
    expect(plain.headers.location).toBe('/');
  });

  it('reads a pending sign-in from the session only when it is whole and not expired', () => {
    const pending = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/jobs', expiresAt: 2000 };
    expect(livePendingLogin(pending, 1999)).toEqual(pending);
    expect(livePendingLogin(pending, 2000)).toBeNull();
    // One stored before sign-ins had a lifetime, or bent in the database.
    expect(livePendingLogin({ ...pending, expiresAt: undefined }, 0)).toBeNull();
    expect(livePendingLogin({ ...pending, expiresAt: '9999999999999' }, 0)).toBeNull();
    expect(livePendingLogin({ ...pending, nonce: 1 }, 0)).toBeNull();
    expect(livePendingLogin({ ...pending, returnTo: '//evil.example' }, 0)).toMatchObject({ returnTo: '/' });
    expect(livePendingLogin(null, 0)).toBeNull();
    expect(livePendingLogin('pending', 0)).toBeNull();
  });

  it('keeps only same-origin paths as returnTo', () => {
    expect(safeReturnTo('/jobs/1?x=2')).toBe('/jobs/1?x=2');
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'evil',
      '',
      null,
      ['/a'],
      '/a\nb',
    ]) {
      expect(safeReturnTo(bad), String(bad)).toBe('/');
    }
  });
});

describe('a provider that keeps email and name for its UserInfo endpoint', () => {
  let conformant: TestOpenIdProvider;
  let c: TestApp;

  beforeAll(async () => {
    conformant = await startOpenIdProvider({ appOrigins: [APP], conformIdTokenClaims: true });
    const { NODE_EXTRA_CA_CERTS: _ca, ...env } = conformant.env;
    c = await createTestApp({ ...env, PUBLIC_URL: APP });
  });
  afterAll(async () => {
    await c?.close();
    await conformant?.close();
  });

  async function signInThere(claims: Parameters<TestOpenIdProvider['addAccount']>[1]) {
    const account = `userinfo-${++accountCounter}-${Date.now()}`;
    conformant.addAccount(account, claims);
    const login = await c.app.inject({ method: 'GET', url: '/api/login' });
    const cookie = sessionCookieOf(setCookies(login))!;
    const back = await new ProviderBrowser().signIn(String(login.headers.location), account);
    const response = await c.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    return { account, response };
  }

  it('makes the account from UserInfo when the ID token has no email and no name', async () => {
    const email = `userinfo-${Date.now()}@example.com`;
    const { account, response } = await signInThere({
      email,
      email_verified: true,
      given_name: 'Uma',
      family_name: 'Info',
    });
    expect(response.headers.location).toBe('/');
    const [row] = await c.app.db.select().from(users).where(eq(users.oidcSubject, account));
    expect(row).toMatchObject({ email, firstName: 'Uma', lastName: 'Info', oidcIssuer: conformant.issuer });

    // The ID token really had neither: it is the hint of the logout through the provider.
    const session = sessionCookieOf(setCookies(response))!;
    const logout = await c.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: session } });
    const idToken = new URL(String(logout.headers.location)).searchParams.get('id_token_hint')!;
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload.sub).toBe(account);
    expect(payload).not.toHaveProperty('email');
    expect(payload).not.toHaveProperty('given_name');
  });

  it('refuses the sign-in when UserInfo fails or speaks of another subject: /login?error=oidc_failed, nothing made', async () => {
    for (const userInfo of ['fails', { sub: 'somebody-else' }] as const) {
      const email = `userinfo-bad-${++accountCounter}-${Date.now()}@example.com`;
      const { response } = await signInThere({ email, email_verified: true, name: 'Bad Info', userInfo });
      expect(response.statusCode, JSON.stringify(userInfo)).toBe(302);
      expect(response.headers.location, JSON.stringify(userInfo)).toBe('/login?error=oidc_failed');
      expect(await c.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it('links a password account on an email UserInfo says is verified, and refuses one it does not', async () => {
    const existing = await signUp(c.app, { email: `userinfo-link-${Date.now()}@example.com` });
    const refused = await signInThere({ email: existing.user.email, email_verified: false, name: 'Not Yet' });
    expect(refused.response.headers.location).toBe('/login?error=oidc_email_unverified');

    const { account, response } = await signInThere({
      email: existing.user.email,
      email_verified: true,
      name: 'Is Me',
    });
    expect(response.headers.location).toBe('/');
    const [row] = await c.app.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row!.oidcSubject).toBe(account);
  });
});

describe('without a provider configured', () => {
  it('sends /api/login to the built-in login page with a same-origin returnTo, and reports the provider off', async () => {
    const local = await createTestApp();
    try {
      const response = await local.app.inject({ method: 'GET', url: '/api/login?returnTo=//evil.example' });
      expect(response.headers.location).toBe('/login');
      for (const bad of ['https://evil.example/', '/\\evil.example', 'evil.example']) {
        const refused = await local.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(bad)}` });
        expect(refused.headers.location, bad).toBe('/login');
      }
      // A same-origin path goes along to the login page, which comes back to it after signing in.
      const kept = await local.app.inject({ url: '/api/login?returnTo=%2Fjobs%2F5%3Ftab%3Dbids' });
      expect(kept.headers.location).toBe('/login?returnTo=%2Fjobs%2F5%3Ftab%3Dbids');
      expect((await local.app.inject({ url: '/api/config' })).json()).toMatchObject({
        oidcEnabled: false,
        oidcProviderName: null,
      });
    } finally {
      await local.close();
    }
  });

  it('reports the provider’s name when one is configured', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({
      oidcEnabled: true,
      oidcProviderName: 'Test ID',
    });
  });
});

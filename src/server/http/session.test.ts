import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { sessions } from '#server/db/schema/index.js';
import { SESSION_MAX_AGE_MS, SESSION_RENEW_AFTER_MS } from '#server/http/session.js';
import { createTestDatabase } from '#server/test/database.js';
import { sessionCookie, signUp, testConfig, type Session } from '#server/test/app.js';
import { cookieExpiry, sidOf } from '#server/test/cookies.js';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const NEW_SECRET = 'rotated-secret-rotated-secret-rotated-0123';
const DAY = 24 * 60 * 60 * 1000;

/** The cookie as @fastify/session signed it: `sid=` + URL-encoded `id.base64(HMAC-SHA256(id))` without padding. */
function signedCookie(sid: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `sid=${encodeURIComponent(`${sid}.${signature}`)}`;
}

/** Cookie values compared as the server reads them (the serializer leaves `/` and `+` unescaped). */
const decoded = (cookie: string) => decodeURIComponent(cookie);
const setCookies = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat().map(String);

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env), { database: await createTestDatabase(), serveClient: false });
  await app.ready();
  return app;
}

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

const rowOf = async (app: FastifyInstance, sid: string) =>
  (await app.db.select().from(sessions).where(eq(sessions.sid, sid)))[0];

describe('sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ SESSION_SECRET: SECRET });
  });
  afterAll(() => app.close());

  it('sets an HttpOnly, SameSite=Lax cookie for the whole site that expires with the session', async () => {
    const session = await signUp(app);
    const row = (await rowOf(app, sidOf(session.cookie)))!;
    expect(row.userId).toBe(session.user.id);
    expect(row.expire.getTime()).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - 60_000);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: session.user.email, password: 'correct horse battery' },
    });
    const [cookie, ...others] = setCookies(login);
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^sid=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = cookieExpiry(cookie!);
    expect(Math.abs(expires - (Date.now() + SESSION_MAX_AGE_MS))).toBeLessThan(60_000);
  });

  it('accepts a cookie signed as @fastify/session signed it, for a row in its format', async () => {
    const session = await signUp(app);
    const sid = randomBytes(24).toString('base64url');
    const expire = new Date(Date.now() + SESSION_MAX_AGE_MS - 60_000);
    const sess = {
      cookie: { originalMaxAge: SESSION_MAX_AGE_MS, expires: expire.toISOString(), httpOnly: true, path: '/' },
      userId: session.user.id,
    };
    await app.db.insert(sessions).values({ sid, sess, expire, userId: session.user.id });
    const response = await me(app, signedCookie(sid, SECRET));
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(session.user.id);
    // Nothing changed: nothing is written and no cookie is sent.
    expect(setCookies(response)).toEqual([]);
    expect((await rowOf(app, sid))!.expire.getTime()).toBe(expire.getTime());
  });

  it('refuses a cookie whose signature was tampered with, or that carries none, and clears it', async () => {
    const session = await signUp(app);
    const sid = sidOf(session.cookie);
    const good = decodeURIComponent(session.cookie.slice('sid='.length));
    const signature = good.slice(good.lastIndexOf('.') + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const cookie of [
      `sid=${encodeURIComponent(`${sid}.${flipped}`)}`,
      `sid=${encodeURIComponent(sid)}`,
      `sid=${encodeURIComponent(`${sid}.`)}`,
      signedCookie(sid, 'another-secret-another-secret-another-0123'),
    ]) {
      const response = await me(app, cookie);
      expect(response.statusCode, cookie).toBe(401);
      expect(setCookies(response), cookie).toEqual([expect.stringMatching(/^sid=; .*Expires=Thu, 01 Jan 1970/)]);
    }
    // The session itself is untouched: its real cookie still works.
    expect((await me(app, session.cookie)).statusCode).toBe(200);
  });

  it('refuses an expired session, whatever its cookie says', async () => {
    const session = await signUp(app);
    const sid = sidOf(session.cookie);
    await app.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    const response = await me(app, session.cookie);
    expect(response.statusCode).toBe(401);
    expect(setCookies(response)).toEqual([expect.stringMatching(/^sid=;/)]);
  });

  it('prunes expired sessions and keeps the live ones', async () => {
    const [expired, live] = [await signUp(app), await signUp(app)];
    await app.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(expired.cookie)));
    await app.sessionStore.prune();
    expect(await rowOf(app, sidOf(expired.cookie))).toBeUndefined();
    expect(await rowOf(app, sidOf(live.cookie))).toBeDefined();
    expect((await me(app, live.cookie)).statusCode).toBe(200);
  });

  it('stores nothing for a visitor who stores nothing (no row, no cookie)', async () => {
    const before = (await app.db.select().from(sessions)).length;
    const response = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    expect(setCookies(response)).toEqual([]);
    expect((await app.db.select().from(sessions)).length).toBe(before);
  });

  it('gives a new id on login and deletes the old one: the old cookie is worth nothing', async () => {
    const session = await signUp(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: session.user.email, password: 'correct horse battery' },
      headers: { cookie: session.cookie },
    });
    expect(login.statusCode).toBe(200);
    const fresh = sessionCookie(login);
    expect(sidOf(fresh)).not.toBe(sidOf(session.cookie));
    expect(await rowOf(app, sidOf(session.cookie))).toBeUndefined();
    expect((await me(app, session.cookie)).statusCode).toBe(401);
    expect((await me(app, fresh)).statusCode).toBe(200);
  });

  it('destroys the session on logout', async () => {
    const session = await signUp(app);
    const logout = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: session.cookie } });
    expect(logout.statusCode).toBe(302);
    expect(setCookies(logout)).toEqual([expect.stringMatching(/^sid=;/)]);
    expect(await rowOf(app, sidOf(session.cookie))).toBeUndefined();
    expect((await me(app, session.cookie)).statusCode).toBe(401);
  });

  it('pushes a signed-in session’s expiry forward at most once a day', async () => {
    const session = await signUp(app);
    const sid = sidOf(session.cookie);
    const setExpire = (ms: number) =>
      app.db
        .update(sessions)
        .set({ expire: new Date(ms) })
        .where(eq(sessions.sid, sid));

    // Pushed less than a day ago: left alone, not written, no cookie.
    const recent = Date.now() + SESSION_MAX_AGE_MS - SESSION_RENEW_AFTER_MS + 60_000;
    await setExpire(recent);
    const quiet = await me(app, session.cookie);
    expect(quiet.statusCode).toBe(200);
    expect(setCookies(quiet)).toEqual([]);
    expect((await rowOf(app, sid))!.expire.getTime()).toBe(recent);

    // Pushed two days ago: thirty days from now again, in the row and in the cookie (same id).
    await setExpire(Date.now() + SESSION_MAX_AGE_MS - 2 * DAY);
    const renewed = await me(app, session.cookie);
    expect(renewed.statusCode).toBe(200);
    const row = (await rowOf(app, sid))!;
    expect(Math.abs(row.expire.getTime() - (Date.now() + SESSION_MAX_AGE_MS))).toBeLessThan(60_000);
    expect(row.sess).toMatchObject({ userId: session.user.id, renewedAt: expect.any(Number) });
    const [cookie] = setCookies(renewed);
    expect(decoded(cookie!.split(';')[0]!)).toBe(decoded(session.cookie));
    expect(cookieExpiry(cookie!)).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - DAY);

    // And not again on the next request.
    const next = await me(app, session.cookie);
    expect(setCookies(next)).toEqual([]);
    expect((await rowOf(app, sid))!.expire.getTime()).toBe(row.expire.getTime());
  });
});

describe('session secret rotation', () => {
  let before: FastifyInstance;
  let after: FastifyInstance;
  let session: Session;
  beforeAll(async () => {
    // One database, an instance before and one after SESSION_SECRET changed.
    const database = await createTestDatabase();
    before = await buildApp(testConfig({ SESSION_SECRET: SECRET }), { database, serveClient: false });
    // The database is closed (and, on a PostgreSQL server, dropped) once: by `before`, which closes last.
    after = await buildApp(testConfig({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: SECRET }), {
      database: { ...database, close: async () => {} },
      serveClient: false,
    });
    session = await signUp(before);
  });
  afterAll(async () => {
    await after.close();
    await before.close();
  });

  it('still accepts a cookie signed with the previous secret and signs it again with the new one', async () => {
    expect(decoded(session.cookie)).toBe(decoded(signedCookie(sidOf(session.cookie), SECRET)));
    const response = await me(after, session.cookie);
    expect(response.statusCode).toBe(200);
    const [cookie] = setCookies(response);
    const resigned = cookie!.split(';')[0]!;
    expect(decoded(resigned)).toBe(decoded(signedCookie(sidOf(session.cookie), NEW_SECRET)));
    expect(cookie).toMatch(/HttpOnly; SameSite=Lax$/);
    // The re-signed cookie is accepted as it is, with nothing more to send.
    const again = await me(after, resigned);
    expect(again.statusCode).toBe(200);
    expect(setCookies(again)).toEqual([]);
  });

  it('signs new sessions with the new secret only', async () => {
    const fresh = await signUp(after);
    expect(decoded(fresh.cookie)).toBe(decoded(signedCookie(sidOf(fresh.cookie), NEW_SECRET)));
    // An instance that knows only the old secret refuses it.
    expect((await me(before, fresh.cookie)).statusCode).toBe(401);
  });

  it('refuses a cookie signed with a secret it does not know', async () => {
    const forged = signedCookie(sidOf(session.cookie), 'unknown-secret-unknown-secret-unknown-0123');
    expect((await me(after, forged)).statusCode).toBe(401);
  });
});

describe('session cookie over HTTPS in production', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', SESSION_SECRET: SECRET });
  });
  afterAll(() => app.close());

  it('is Secure when the request arrived over HTTPS, and not over plain HTTP', async () => {
    const register = (proto: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-forwarded-proto': proto },
        payload: { email: `secure${n}@example.com`, password: 'long enough pw', firstName: 'S', lastName: 'C' },
      });
    const https = await register('https', 1);
    expect(https.statusCode).toBe(201);
    expect(setCookies(https)[0]).toMatch(/; Secure/);
    const http = await register('http', 2);
    expect(http.statusCode).toBe(201);
    expect(setCookies(http)[0]).not.toMatch(/Secure/);
  });
});

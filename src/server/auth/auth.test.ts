import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema/index.js';
import { as, createTestApp, sessionCookie, signUp, type TestApp } from '#server/test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const userCount = async () => Number((await t.app.db.select({ n: count() }).from(users))[0]!.n);

describe('accounts', () => {
  it('registers a customer and starts a session', async () => {
    const response = await register({
      email: 'Ana@Example.com',
      password: 'long enough pw',
      firstName: 'Ana',
      lastName: 'Ruiz',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Ruiz',
      role: 'customer',
      credits: 0,
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = response.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a duplicate email without creating a second account', async () => {
    const before = await userCount();
    const response = await register({
      email: 'ANA@example.com',
      password: 'another password',
      firstName: 'A',
      lastName: 'B',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
    expect(await userCount()).toBe(before);
  });

  it('validates registration with field messages', async () => {
    const response = await register({ email: 'not-an-email', password: 'short', firstName: '', lastName: 'X' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    const messages = Object.fromEntries(body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toMatchObject({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
    });
  });

  it('logs in with the right password', async () => {
    const response = await login({ email: 'ana@example.com', password: 'long enough pw' });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('ana@example.com');
    expect(sessionCookie(response)).toMatch(/^sid=/);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await login({ email: 'ana@example.com', password: 'wrong password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });

  it('answers /api/auth/user 401, then 200 when logged in, then 401 after logout', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Unauthorized');

    const session = await signUp(t.app);
    const me = await as(t.app, session)({ method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(session.user.id);

    const logout = await as(t.app, session)({ method: 'GET', url: '/api/logout' });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    const after = await as(t.app, session)({ method: 'GET', url: '/api/auth/user' });
    expect(after.statusCode).toBe(401);
  });

  it('does not write the session back on every request', async () => {
    const session = await signUp(t.app);
    const expiry = async () =>
      (
        await t.app.db.select({ expire: sessions.expire }).from(sessions).where(eq(sessions.userId, session.user.id))
      )[0]!.expire.getTime();
    const before = await expiry();
    await as(t.app, session)({ method: 'GET', url: '/api/auth/user' });
    await as(t.app, session)({ method: 'GET', url: '/api/auth/user' });
    expect(await expiry()).toBe(before);
  });

  it('gives a new session id on login (no session fixation)', async () => {
    const first = await login({ email: 'ana@example.com', password: 'long enough pw' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@example.com', password: 'long enough pw' },
      headers: { cookie: sessionCookie(first) },
    });
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
  });

  it('redirects /api/login to the built-in login page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });
});

describe('language and email notifications', () => {
  it('takes the language at registration (English when not given) and all notifications on', async () => {
    const es = await register({
      email: 'es@example.com',
      password: 'long enough pw',
      firstName: 'E',
      lastName: 'S',
      language: 'es',
    });
    expect(es.json()).toMatchObject({
      language: 'es',
      emailNotifications: { leads: true, bids: true, messages: true, hires: true, requests: true },
    });
    const en = await signUp(t.app);
    expect(en.user.language).toBe('en');
    const bad = await register({
      email: 'xx@example.com',
      password: 'long enough pw',
      firstName: 'E',
      lastName: 'S',
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the language and any subset of the notification switches', async () => {
    const session = await signUp(t.app);
    const patch = (payload: object) => as(t.app, session)({ method: 'PATCH', url: '/api/auth/user', payload });
    expect((await patch({ language: 'es' })).json()).toMatchObject({ language: 'es' });
    const off = await patch({ emailNotifications: { leads: false, messages: false } });
    expect(off.json().emailNotifications).toEqual({
      leads: false,
      bids: true,
      messages: false,
      hires: true,
      requests: true,
    });
    const back = await patch({ emailNotifications: { leads: true } });
    expect(back.json()).toMatchObject({ language: 'es', emailNotifications: { leads: true, messages: false } });
    expect((await patch({ emailNotifications: { spam: true } })).statusCode).toBe(400);
    expect(
      (await as(t.app, session)({ method: 'GET', url: '/api/auth/user' })).json().emailNotifications.messages,
    ).toBe(false);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/auth/user', payload: { language: 'en' } })).statusCode,
    ).toBe(401);
  });
});

describe('request hygiene', () => {
  it('refuses a cross-origin mutation and writes nothing', async () => {
    const before = await userCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
      payload: { email: 'evil@example.com', password: 'long enough pw', firstName: 'E', lastName: 'V' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden_origin');
    expect(await userCount()).toBe(before);
  });

  it('accepts a same-origin mutation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000' },
      payload: { email: 'same@example.com', password: 'long enough pw', firstName: 'S', lastName: 'O' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_json');
    expect(response.body).not.toMatch(/at .*\.ts/);
  });

  it('answers wrong types with 400 field errors', async () => {
    const response = await login({ email: 42, password: ['x'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

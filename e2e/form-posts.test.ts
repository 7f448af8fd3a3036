import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.js';
import { catalogText } from './support/browser.js';

// Forms posted by the browser itself, before scripts or without them (docs/contract.md §1 'First touch',
// docs/decisions/030): the built server runs the page's action through its own API, so the same schema, rate
// limits and same-origin rule hold, and answers 303 or the page again with the refusal in the reader's language.
describe('forms posted natively to the built server', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ LOG_LEVEL: 'info' }, { captureOutput: true });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const tag = () => randomBytes(4).toString('hex');
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const sessionOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0]!)
      .find((pair) => pair.startsWith('sid='));
  const signedInAs = async (cookie: string | undefined) => {
    const answer = await fetch(`${app.url}/api/auth/user`, { headers: { cookie: cookie ?? '' } });
    return answer.ok ? ((await answer.json()) as { email: string }).email : null;
  };
  /** The visible text of a page (tags out), to look for a message in it. */
  const text = async (response: Response) => (await response.text()).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

  it('creates an account and signs in with Post/Redirect/Get, the session cookie as from scripts', async () => {
    const email = `nat-${tag()}@example.com`;
    const created = await post('/login?mode=register&returnTo=%2Fdashboard', {
      intent: 'register',
      firstName: 'Nat',
      lastName: 'Ive',
      email,
      password: 'a-native-password',
      language: 'es',
    });
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/dashboard');
    expect(await signedInAs(sessionOf(created))).toBe(email);

    const signedIn = await post('/login', { intent: 'sign-in', email, password: 'a-native-password' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/');
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('sid='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(await signedInAs(sessionOf(signedIn))).toBe(email);
  });

  it('renders a refusal in the page, in Spanish for a Spanish reader, with the email kept and no password', async () => {
    const email = `ref-${tag()}@example.com`;
    const refused = await post(
      '/login',
      { intent: 'sign-in', email, password: 'not-the-password' },
      { cookie: 'lang=es' },
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await refused.clone().text();
    expect(await text(refused)).toContain(catalogText('es', 'errors:invalid_credentials'));
    expect(html).toContain(`value="${email}"`);
    expect(html).not.toContain('not-the-password');
    // A field the shared schema refuses is named under its field.
    const short = await post(
      '/login?mode=register',
      { intent: 'register', firstName: 'A', lastName: 'B', email, password: 'short' },
      { cookie: 'lang=es' },
    );
    expect(short.status).toBe(400);
    expect(await text(short)).toContain(catalogText('es', 'validation:password_min'));
  });

  it('refuses a form posted from another site with 403 and creates nothing', async () => {
    const email = `csrf-${tag()}@example.com`;
    const fields = { intent: 'register', firstName: 'Eve', lastName: 'Il', email, password: 'a-cross-site-password' };
    const crossSite = await post('/login?mode=register', fields, { origin: 'http://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(sessionOf(crossSite)).toBeUndefined();
    // The account does not exist: signing in with it fails, registering it now works.
    const attempt = await post('/login', { intent: 'sign-in', email, password: fields.password });
    expect(attempt.status).toBe(401);
    expect((await post('/login?mode=register', fields)).status).toBe(303);
  });

  it('applies the sign-in rate limit to native posts: the 11th failure for one email is 429, in Spanish', async () => {
    const email = `limit-${tag()}@example.com`;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await post('/login', { intent: 'sign-in', email, password: `wrong-${attempt}` })).status).toBe(401);
    }
    const limited = await post('/login', { intent: 'sign-in', email, password: 'wrong-11' }, { cookie: 'lang=es' });
    expect(limited.status).toBe(429);
    expect(await text(limited)).toContain(catalogText('es', 'errors:rate_limited'));
  });

  it('switches the language with a form: the lang cookie, then back to the page', async () => {
    const switched = await post('/language', { language: 'es', returnTo: '/terms' });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe('/terms');
    expect(switched.headers.getSetCookie().some((line) => line.startsWith('lang=es;'))).toBe(true);
    // Never off the site.
    const away = await post('/language', { language: 'es', returnTo: '//evil.example/x' });
    expect(away.headers.get('location')).toBe('/');
  });

  it('refuses a body that is no form with 415, never a 500', async () => {
    for (const type of ['text/plain', 'application/json']) {
      const answer = await fetch(`${app.url}/login`, {
        method: 'POST',
        headers: { origin: app.url, 'content-type': type },
        body: type === 'text/plain' ? 'intent=sign-in' : '{"intent":"sign-in"}',
      });
      expect(answer.status).toBe(415);
      expect(((await answer.json()) as { code: string }).code).toBe('unsupported_media_type');
    }
  });

  it('writes no password in any log line', () => {
    const log = app.output();
    expect(log).toContain('"url":"/login"');
    for (const secret of ['a-native-password', 'not-the-password', 'a-cross-site-password', 'wrong-11']) {
      expect(log).not.toContain(secret);
    }
  });
});

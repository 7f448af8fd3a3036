import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, sessionCookie, signUp, type TestApp } from '#server/test/app.js';
import { sessionCookieOf, sidOf } from '#server/test/cookies.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { ProviderBrowser, startOpenIdProvider, type TestOpenIdProvider } from '#server/test/oidc-provider.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';
import { redactSecrets, safeErrorMessage } from './logging.js';

// Issue 36 point 3 (docs/decisions/032-trusted-links-and-quiet-logs.md): every line the app logs while a
// person signs up, resets, unsubscribes and signs in through OpenID Connect, searched for each secret seen.

const APP = 'http://app.test';
const lines: string[] = [];
let op: TestOpenIdProvider;
let smtp: TestMailServer;
let t: TestApp;

beforeAll(async () => {
  op = await startOpenIdProvider({ appOrigins: [APP] });
  smtp = await startMailServer();
  const { NODE_EXTRA_CA_CERTS: _ca, ...oidc } = op.env;
  t = await createTestApp(
    { ...oidc, PUBLIC_URL: APP, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
    { mail: { pollMs: 50 }, logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await op?.close();
});

const cookiesOf = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat().map(String);

async function mailTo(email: string, count: number) {
  for (let i = 0; i < 400 && smtp.to(email).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  const mail = smtp.to(email)[count - 1];
  if (!mail) throw new Error(`no email ${count} to ${email}`);
  return mail;
}

/** An OpenID sign-in up to the provider's redirect back: the callback URL (code, state) and the pending cookie. */
async function signInAtProvider() {
  const account = `acct-${Date.now()}-${Math.random()}`;
  op.addAccount(account, { email: `${account}@example.com`, email_verified: true, given_name: 'Oda' });
  const login = await t.app.inject({ method: 'GET', url: '/api/login' });
  const cookie = sessionCookieOf(cookiesOf(login))!;
  const back = await new ProviderBrowser(APP).signIn(String(login.headers.location), account);
  return { back, cookie };
}

describe('the log', () => {
  it('holds no password, token, session id, OIDC code or state of a sign-up, reset, unsubscribe and OIDC sign-in', async () => {
    const secrets: Record<string, string> = {};
    const first = 'first secret password';
    const user = await signUp(t.app, { password: first });
    Object.assign(secrets, { first, registeredSession: sidOf(user.cookie) });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: first },
    });
    expect(login.statusCode).toBe(200);
    secrets.signInSession = sidOf(sessionCookie(login));
    // A wrong password is logged as a refusal, never as the password.
    secrets.wrong = 'wrong secret password';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: secrets.wrong },
    });

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.user.email } }))
        .statusCode,
    ).toBe(202);
    const resetMail = await mailTo(user.user.email, 1);
    const resetLink = new URL(/(http:\/\/\S+\/reset-password\?token=\S+)/.exec(resetMail.text!)![1]!);
    secrets.resetToken = resetLink.searchParams.get('token')!;
    await t.app.inject({ method: 'GET', url: resetLink.pathname + resetLink.search });
    secrets.second = 'second secret password';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: secrets.resetToken, password: secrets.second },
    });
    expect(reset.statusCode).toBe(200);
    secrets.resetSession = sidOf(sessionCookie(reset));
    // A made-up token and a form-encoded password in a query string, as a form without `method` sends it.
    await t.app.inject({ method: 'GET', url: `/login?email=a%40b.c&password=${encodeURIComponent(secrets.second)}` });

    const job = await createJob(t.app.db, user.user.id, { title: 'Log-quiet job' });
    const provider = await makeProvider(t.app, 20);
    expect(
      (await as(t.app, provider)({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '90' } }))
        .statusCode,
    ).toBe(201);
    const bidMail = await mailTo(user.user.email, 2);
    const unsubscribe = new URL(
      /<([^>]+)>/.exec(bidMail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line)![1]!,
    );
    secrets.unsubscribeToken = unsubscribe.searchParams.get('token')!;
    const path = unsubscribe.pathname + unsubscribe.search;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
    // A repeated token (issue 36 point 4) is refused, and its value kept out of the log too.
    await t.app.inject({ method: 'POST', url: `${path}&token=x` });

    const good = await signInAtProvider();
    Object.assign(secrets, { code: good.back.searchParams.get('code')!, state: good.back.searchParams.get('state')! });
    const signedIn = await t.app.inject({
      method: 'GET',
      url: good.back.pathname + good.back.search,
      headers: { cookie: good.cookie },
    });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/');
    secrets.oidcSession = sidOf(sessionCookieOf(cookiesOf(signedIn))!);
    // A callback whose state is not the pending one: the failure is logged, the real state and code are not.
    const bad = await signInAtProvider();
    Object.assign(secrets, {
      badCode: bad.back.searchParams.get('code')!,
      badState: bad.back.searchParams.get('state')!,
    });
    const forged = new URL(bad.back);
    forged.searchParams.set('state', 'forged-state-value');
    const refused = await t.app.inject({
      method: 'GET',
      url: forged.pathname + forged.search,
      headers: { cookie: bad.cookie },
    });
    expect(refused.headers.location).toBe('/login?error=oidc_failed');

    // A failed statement's error, as the error handler logs it: its parameters are a session id.
    try {
      await t.app.db.execute(sql`select ${secrets.registeredSession}::text, 1 / 0`);
    } catch (err) {
      t.app.log.error({ err }, 'request failed');
    }

    const log = lines.join('');
    expect(log).toContain('sign-in through the OpenID provider failed');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      for (const form of new Set([secret, encodeURIComponent(secret)])) {
        expect(log.includes(form), `${name} (${form}) is in the log`).toBe(false);
      }
    }
    // Paths stay, query strings go.
    expect(log).toContain('"url":"/api/email/unsubscribe"');
    expect(log).toContain('"url":"/api/callback"');
    expect(log).toContain('params: [redacted]');
  });
});

describe('redaction', () => {
  it('replaces token, code, state and password values, Stripe keys and URL passwords, and cuts a failed query’s parameters', () => {
    expect(redactSecrets('/cb?code=abc&state=def&x=1 token=ghi password=p%20q')).toBe(
      '/cb?code=[redacted]&state=[redacted]&x=1 token=[redacted] password=[redacted]',
    );
    expect(redactSecrets('key sk_test_51abcXYZ, smtps://mailer:s3cret@mail.example.com:465')).toBe(
      'key sk_test_[redacted], smtps://mailer:[redacted]@mail.example.com:465',
    );
    const failed = new Error('Failed query: select $1\nparams: 7f3c-session-id,other');
    expect(safeErrorMessage(failed)).toBe('Failed query: select $1\nparams: [redacted]');
    const refused = Object.assign(new Error('invalid input syntax for type uuid: "7f3c-session-id"'), {
      code: '22P02',
    });
    expect(safeErrorMessage(refused)).toBe('invalid input syntax for type uuid: "[redacted]"');
  });
});

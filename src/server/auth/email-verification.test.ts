import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { emailOutbox, emailVerificationTokens } from '#server/db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/db/seed/index.js';
import { as, createTestApp, signUp, testConfig, type Session, type TestApp } from '#server/test/app.js';
import { createScratchDatabase, TEST_DATABASE_URL } from '#server/test/database.js';
import { testTempDir } from '#server/test/temp-dir.js';

const OPERATOR = 'first-operator@example.com';
const APP = 'https://app.example.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: OPERATOR, PUBLIC_URL: APP });
});
afterAll(() => t.close());

const post = (url: string, payload: object, session: Session | null = null) =>
  as(t.app, session)({ method: 'POST', url, payload });
const me = async (session: Session) => (await as(t.app, session)({ method: 'GET', url: '/api/auth/user' })).json();

/** The newest email to an address, straight from the outbox, and the confirmation token in its link. */
async function lastEmailTo(email: string) {
  const [row] = await t.app.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, email))
    .orderBy(desc(emailOutbox.createdAt));
  const link = /(https?:\/\/\S+\/verify-email\?token=\S+)/.exec(row?.textBody ?? '')?.[1];
  return { row: row!, url: link ? new URL(link) : null, token: link ? new URL(link).searchParams.get('token')! : '' };
}
const emailsTo = async (email: string) =>
  (await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).length;

describe('email confirmation', () => {
  it('sends a new account a Confirm your email link in English, valid once, stored only as a hash', async () => {
    const ana = await signUp(t.app, { firstName: 'Ana' });
    expect(ana.user.emailVerified).toBe(false);
    const { row, url, token } = await lastEmailTo(ana.user.email);
    expect(row.subject).toBe('Confirm your email for TradesBid');
    expect(row.textBody).toContain('Hi Ana,');
    expect(row.textBody).toContain('It works once, for 48 hours.');
    expect(row.textBody).toContain(`Confirm my email: ${APP}/verify-email?token=`);
    expect(row.htmlBody).toContain('/verify-email?token=');
    // Always sent, like the reset: not a notification, so no unsubscribe.
    expect(row.headers).toEqual({});
    expect(row.textBody).not.toContain('Stop these emails');
    expect(url!.pathname).toBe('/verify-email');
    const stored = await t.app.db.select().from(emailVerificationTokens);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
    const [mine] = stored.filter((r) => r.userId === ana.user.id);
    expect(mine!.expiresAt.getTime() - mine!.createdAt.getTime()).toBeGreaterThan(47.9 * 3600_000);
    expect(mine!.expiresAt.getTime() - mine!.createdAt.getTime()).toBeLessThan(48.1 * 3600_000);
  });

  it('writes to an account registered in Spanish in Spanish', async () => {
    const email = `sofia-${Date.now()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.200.0.1',
      payload: { email, password: 'correct horse battery', firstName: 'Sofía', lastName: 'Paz', language: 'es' },
    });
    expect(response.statusCode).toBe(201);
    const { row } = await lastEmailTo(email);
    expect(row.subject).toBe('Confirma tu correo de TradesBid');
    expect(row.textBody).toContain('Funciona una sola vez, durante 48 horas.');
    expect(row.textBody).toContain(`Confirmar mi correo: ${APP}/verify-email?token=`);
  });

  it('confirms the email from a browser with no session, once', async () => {
    const user = await signUp(t.app);
    const { token } = await lastEmailTo(user.user.email);
    const confirmed = await post('/api/auth/verify-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ emailVerified: true });
    expect(await me(user)).toMatchObject({ id: user.user.id, emailVerified: true });

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a made-up, an expired or a missing token', async () => {
    const made = await post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toMatchObject({ code: 'invalid_token' });

    const user = await signUp(t.app);
    const { token } = await lastEmailTo(user.user.email);
    await t.app.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, user.user.id));
    const expired = await post('/api/auth/verify-email', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'invalid_token' });
    expect(await me(user)).toMatchObject({ emailVerified: false });

    const missing = await post('/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error' });
  });

  it('sends a new link on request to the signed-in owner; the older link stops working', async () => {
    expect((await post('/api/auth/resend-verification', {})).statusCode).toBe(401);
    const user = await signUp(t.app);
    const first = await lastEmailTo(user.user.email);
    const resent = await post('/api/auth/resend-verification', {}, user);
    expect(resent.statusCode).toBe(202);
    const second = await lastEmailTo(user.user.email);
    expect(second.token).not.toBe(first.token);
    expect(second.url!.origin).toBe(APP);

    expect((await post('/api/auth/verify-email', { token: first.token })).json()).toMatchObject({
      code: 'invalid_token',
    });
    expect((await post('/api/auth/verify-email', { token: second.token })).statusCode).toBe(200);

    // A confirmed address gets no more links.
    const count = await emailsTo(user.user.email);
    expect((await post('/api/auth/resend-verification', {}, user)).statusCode).toBe(202);
    expect(await emailsTo(user.user.email)).toBe(count);
  });

  it('limits new links like a password reset: the sixth in an hour is 429', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/resend-verification', {}, user)).statusCode).toBe(202);
    const refused = await post('/api/auth/resend-verification', {}, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await emailsTo(user.user.email)).toBe(6);
  });
});

describe('demo data', () => {
  it('seeds the demo accounts with their emails verified: nobody reads their mailboxes', async () => {
    const demo = await createTestApp({ SEED_DEMO: 'true' });
    try {
      for (const account of DEMO_ACCOUNTS) {
        const response = await demo.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password: DEMO_PASSWORD },
        });
        expect(response.json()).toMatchObject({ email: account.email, emailVerified: true });
      }
    } finally {
      await demo.close();
    }
  });
});

describe('operators need a verified email', () => {
  it('an unverified account with an operator email is an ordinary user until it confirms', async () => {
    const squatter = await signUp(t.app, { email: OPERATOR });
    expect(squatter.user).toMatchObject({ isAdmin: false, emailVerified: false });
    const promo = { code: 'FREE1000', creditsAmount: 1000 };
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/promo-codes' },
      { method: 'POST' as const, url: '/api/admin/promo-codes', payload: promo },
      { method: 'GET' as const, url: '/api/admin/business-profiles' },
      { method: 'GET' as const, url: '/api/admin/credentials' },
    ]) {
      const refused = await as(t.app, squatter)(request);
      expect(refused.statusCode, request.url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'not_admin' });
    }
    expect((await as(t.app, squatter)({ method: 'GET', url: '/api/admin/promo-codes' })).statusCode).toBe(403);

    const { token } = await lastEmailTo(OPERATOR);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await me(squatter)).toMatchObject({ isAdmin: true, emailVerified: true });
    expect((await as(t.app, squatter)({ method: 'GET', url: '/api/admin/promo-codes' })).statusCode).toBe(200);
    expect(
      (await as(t.app, squatter)({ method: 'POST', url: '/api/admin/promo-codes', payload: promo })).statusCode,
    ).toBe(201);
  });
});

describe('npm run admin -- grant', () => {
  const run = promisify(execFile);
  const admin = (env: Record<string, string>, ...args: string[]) =>
    run('npx', ['tsx', '--conditions=source', 'scripts/admin.ts', ...args], {
      cwd: findRootDir(),
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });

  it('confirms the email of an account ADMIN_EMAILS lists; refuses an unlisted or unknown address', async () => {
    const scratch = TEST_DATABASE_URL ? await createScratchDatabase(TEST_DATABASE_URL, 'admin_') : null;
    const env = {
      DATA_DIR: testTempDir('tradesbid-admin-'),
      DATABASE_URL: scratch?.url ?? '',
      SEED_DEMO: 'false',
      ADMIN_EMAILS: `${OPERATOR},ghost@example.com`,
    };
    const adminCall = async (session: Session) => {
      const app = await buildApp(testConfig(env), { serveClient: false });
      try {
        const response = await as(app, session)({ method: 'GET', url: '/api/admin/promo-codes' });
        return {
          status: response.statusCode,
          me: (await as(app, session)({ method: 'GET', url: '/api/auth/user' })).json(),
        };
      } finally {
        await app.close();
      }
    };
    try {
      const app = await buildApp(testConfig(env), { serveClient: false });
      const [operator, other] = await Promise.all([signUp(app, { email: OPERATOR }), signUp(app)]).finally(() =>
        app.close(),
      );
      expect(await adminCall(operator)).toMatchObject({ status: 403, me: { isAdmin: false } });

      await expect(admin(env, 'grant', other.user.email)).rejects.toMatchObject({
        stderr: expect.stringContaining(`${other.user.email} is not in ADMIN_EMAILS`),
      });
      await expect(admin(env, 'grant', 'ghost@example.com')).rejects.toMatchObject({
        stderr: expect.stringContaining('No account with the email ghost@example.com'),
      });
      const granted = await admin(env, 'grant', OPERATOR.toUpperCase());
      expect(granted.stdout).toContain(`Granted: ${OPERATOR} is verified now`);
      expect((await admin(env, 'grant', OPERATOR)).stdout).toContain(`${OPERATOR} was already verified`);

      expect(await adminCall(operator)).toMatchObject({ status: 200, me: { isAdmin: true, emailVerified: true } });
      expect(await adminCall(other)).toMatchObject({ status: 403, me: { emailVerified: false } });
    } finally {
      await scratch?.drop();
    }
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { promoCodes } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, testConfig, type Session, type TestApp } from '#server/test/app.js';
import { createScratchDatabase, TEST_DATABASE_URL } from '#server/test/database.js';
import { signUpOperator } from '#server/test/factories.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';
import { testTempDir } from '#server/test/temp-dir.js';

const ADMIN = 'ops@example.com';
let t: TestApp;
let admin: Session;
let codeCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `someone@example.com, ${ADMIN.toUpperCase()}` });
  admin = await signUpOperator(t.app, ADMIN);
});
afterAll(() => t?.close());
afterEach(async () => {
  await assertLedgerInvariant(t.app.db);
});

const uniqueCode = (prefix = 'PROMO') => `${prefix}${++codeCounter}${Date.now() % 100000}`;

async function createCode(body: Record<string, unknown>) {
  const response = await as(t.app, admin)({ method: 'POST', url: '/api/admin/promo-codes', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; code: string };
}

const redeem = (session: Session, code: string) =>
  as(t.app, session)({ method: 'POST', url: '/api/promo-codes/redeem', payload: { code } });

describe('operators’ promo-code API', () => {
  it('is for ADMIN_EMAILS only: anyone else gets 403 not_admin', async () => {
    const user = await signUp(t.app);
    expect(user.user.isAdmin).toBe(false);
    expect(admin.user.isAdmin).toBe(true);
    for (const call of [
      { method: 'GET' as const, url: '/api/admin/promo-codes' },
      { method: 'POST' as const, url: '/api/admin/promo-codes', payload: { code: 'NOPE', creditsAmount: 5 } },
      {
        method: 'PATCH' as const,
        url: '/api/admin/promo-codes/00000000-0000-0000-0000-000000000000',
        payload: { isActive: false },
      },
    ]) {
      const response = await as(t.app, user)(call);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Only operators may do this', code: 'not_admin' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes' })).statusCode).toBe(401);
  });

  it('creates codes upper-case, refuses a taken code in any case (409) and bad input (400), lists use counts', async () => {
    const code = uniqueCode('spring');
    const created = await createCode({ code, creditsAmount: 7, maxUses: 2, description: 'Spring campaign' });
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      creditsAmount: 7,
      maxUses: 2,
      currentUses: 0,
      isActive: true,
      createdBy: ADMIN,
      expiresAt: null,
    });
    const taken = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: code.toLowerCase(), creditsAmount: 1 },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'A promo code with this code already exists', code: 'already_exists' });

    const bad = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'X', creditsAmount: 0, maxUses: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { message: string }) => e.message)
        .sort(),
    ).toEqual([
      'Code must be at least 2 characters',
      'Credits amount must be at least 1',
      'Maximum uses must be at least 1',
    ]);
    const long = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/admin/promo-codes',
      payload: { code: 'A'.repeat(21), creditsAmount: 3 },
    });
    expect(long.json().errors[0].message).toBe('Code must be at most 20 characters');

    const user = await signUp(t.app);
    expect((await redeem(user, code)).statusCode).toBe(200);
    const list = await as(t.app, admin)({ method: 'GET', url: '/api/admin/promo-codes' });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((p: { id: string }) => p.id === created.id)).toMatchObject({ currentUses: 1, maxUses: 2 });
  });

  it('turns a code off and on with PATCH; an unknown id is 404', async () => {
    const { id, code } = await createCode({ code: uniqueCode(), creditsAmount: 4 });
    const off = await as(
      t.app,
      admin,
    )({ method: 'PATCH', url: `/api/admin/promo-codes/${id}`, payload: { isActive: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, isActive: false });
    const user = await signUp(t.app);
    const refused = await redeem(user, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      message: 'This promo code is not valid or has already been used.',
      code: 'promo_invalid',
    });
    await as(t.app, admin)({ method: 'PATCH', url: `/api/admin/promo-codes/${id}`, payload: { isActive: true } });
    expect((await redeem(user, code)).statusCode).toBe(200);
    for (const missing of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const response = await as(
        t.app,
        admin,
      )({
        method: 'PATCH',
        url: `/api/admin/promo-codes/${missing}`,
        payload: { isActive: false },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('redeeming a promo code', () => {
  it('trims and ignores case, credits through the ledger, and pays one user once (409 promo_already_used)', async () => {
    const code = uniqueCode('Welcome');
    await createCode({ code, creditsAmount: 12 });
    const user = await signUp(t.app);
    const ok = await redeem(user, `  ${code.toLowerCase()}  `);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      creditsReceived: 12,
      balance: 12,
      message: 'Promo code applied! You received 12 free credits.',
    });
    const history = await as(t.app, user)({ method: 'GET', url: '/api/credits/transactions' });
    expect(history.json()[0]).toMatchObject({ amount: 12, type: 'promo', descriptionKey: 'credits:tx_promo' });
    const again = await redeem(user, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'You have already used this promo code',
      code: 'promo_already_used',
    });
    const me = await as(t.app, user)({ method: 'GET', url: '/api/auth/user' });
    expect(me.json().credits).toBe(12);
  });

  it('refuses unknown, expired and used-up codes with the spec’s messages and codes', async () => {
    const user = await signUp(t.app);
    const unknown = await redeem(user, 'NO-SUCH-CODE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'promo_invalid' });

    const expired = await createCode({ code: uniqueCode('OLD'), creditsAmount: 3 });
    await t.app.db
      .update(promoCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(promoCodes.id, expired.id));
    const late = await redeem(user, expired.code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ success: false, message: 'This promo code has expired', code: 'promo_expired' });

    const single = await createCode({ code: uniqueCode('ONE'), creditsAmount: 3, maxUses: 1 });
    expect((await redeem(await signUp(t.app), single.code)).statusCode).toBe(200);
    const gone = await redeem(user, single.code);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({
      success: false,
      message: 'This promo code has reached its usage limit',
      code: 'promo_exhausted',
    });
    const empty = await redeem(user, '   ');
    expect(empty.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/promo-codes/redeem', payload: { code: 'X' } })).statusCode,
    ).toBe(401);
    const me = await as(t.app, user)({ method: 'GET', url: '/api/auth/user' });
    expect(me.json().credits).toBe(0);
  });

  it('maxUses 3 with 10 users redeeming at once: exactly 3 succeed', async () => {
    const { id, code } = await createCode({ code: uniqueCode('RUSH'), creditsAmount: 5, maxUses: 3 });
    const people = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    const results = await Promise.all(people.map((p) => redeem(p, code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('promo_exhausted');
    const [row] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    expect(row!.currentUses).toBe(3);
  });

  it('one user redeeming one code 10 times at once is credited once', async () => {
    const { code } = await createCode({ code: uniqueCode('TWICE'), creditsAmount: 8 });
    const user = await signUp(t.app);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(user, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('promo_already_used');
    }
    const me = await as(t.app, user)({ method: 'GET', url: '/api/auth/user' });
    expect(me.json().credits).toBe(8);
  });
});

describe('npm run promo', () => {
  const run = promisify(execFile);
  const ROOT = findRootDir();
  const promo = (env: Record<string, string>, ...args: string[]) =>
    run('npx', ['tsx', '--conditions=source', 'scripts/promo.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });

  it('creates a code from the shell that a user then redeems; refuses a database a server holds open', async () => {
    const dataDir = testTempDir('tradesbid-promo-');
    const scratch = TEST_DATABASE_URL ? await createScratchDatabase(TEST_DATABASE_URL, 'promo_') : null;
    const env = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', SEED_DEMO: 'false' };
    try {
      const created = await promo(
        env,
        'create',
        'shell5',
        '--credits',
        '5',
        '--max-uses',
        '10',
        '--expires',
        '2099-12-31',
      );
      expect(created.stdout).toMatch(/Created SHELL5\s+5 credits\s+0\/10 uses/);
      await expect(promo(env, 'create', 'x', '--credits', '0')).rejects.toMatchObject({
        stderr: expect.stringContaining('Credits amount must be at least 1'),
      });

      const app = await buildApp(testConfig(env), { serveClient: false });
      try {
        if (!scratch) {
          await expect(promo(env, 'list')).rejects.toMatchObject({
            stderr: expect.stringContaining('is open in another process'),
          });
        }
        const user = await signUp(app);
        const response = await as(
          app,
          user,
        )({ method: 'POST', url: '/api/promo-codes/redeem', payload: { code: 'Shell5' } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ creditsReceived: 5, balance: 5 });
        await assertLedgerInvariant(app.db);
      } finally {
        await app.close();
      }
      const listed = await promo(env, 'list');
      expect(listed.stdout).toMatch(/SHELL5\s+5 credits\s+1\/10 uses/);
      const disabled = await promo(env, 'disable', 'shell5');
      expect(disabled.stdout).toMatch(/Disabled SHELL5.*OFF/);
    } finally {
      await scratch?.drop();
    }
  }, 120_000);
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, users } from '#server/db/schema/index.js';
import { as, createTestApp, sessionCookie, signUp, type TestApp } from '#server/test/app.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '5' });
});
afterAll(() => t.close());

const upgrade = (session: Parameters<typeof as>[1]) =>
  as(t.app, session)({ method: 'POST', url: '/api/auth/upgrade-to-provider' });

const bonusRows = async (userId: string) =>
  t.app.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.type, 'bonus')));

describe('upgrade to provider', () => {
  it('makes a customer a provider and grants the configured free credits through the ledger', async () => {
    const customer = await signUp(t.app);
    const response = await upgrade(customer);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.freeCredits).toBe(5);
    expect(body.user).toMatchObject({ id: customer.user.id, role: 'provider', canProvideServices: true, credits: 5 });

    const rows = await bonusRows(customer.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 5, description: 'Welcome bonus' });
    const upgraded = { ...customer, cookie: sessionCookie(response) };
    const me = await as(t.app, upgraded)({ method: 'GET', url: '/api/auth/user' });
    expect(me.json()).toMatchObject({ role: 'provider', credits: 5 });
    await assertLedgerInvariant(t.app.db);
  });

  it('gives the session a new id: the id from before the upgrade is signed out', async () => {
    const customer = await signUp(t.app);
    const response = await upgrade(customer);
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(customer.cookie);
    expect((await as(t.app, customer)({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await as(t.app, { ...customer, cookie: fresh })({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a second upgrade with 409 already_provider and grants nothing more', async () => {
    const customer = await signUp(t.app);
    const first = await upgrade(customer);
    expect(first.statusCode).toBe(200);
    const again = await upgrade({ ...customer, cookie: sessionCookie(first) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You are already a service provider', code: 'already_provider' });
    expect(await bonusRows(customer.user.id)).toHaveLength(1);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.credits).toBe(5);
  });

  it('grants the bonus once when ten upgrades of one user arrive at once', async () => {
    const customer = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 10 }, () => upgrade(customer)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others are refused: already a provider, or their session id was replaced by the upgrade (401).
    expect(statuses.filter((s) => s === 409 || s === 401)).toHaveLength(9);
    expect(await bonusRows(customer.user.id)).toHaveLength(1);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.credits).toBe(5);
    await assertLedgerInvariant(t.app.db);
  });

  it('answers 401 to a visitor who is not logged in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/upgrade-to-provider' });
    expect(response.statusCode).toBe(401);
  });
});

describe('upgrade to provider with no free credits configured', () => {
  let zero: TestApp;
  beforeAll(async () => {
    zero = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
  });
  afterAll(() => zero.close());

  it('upgrades without writing a zero ledger row', async () => {
    const customer = await signUp(zero.app);
    const response = await as(zero.app, customer)({ method: 'POST', url: '/api/auth/upgrade-to-provider' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ freeCredits: 0, user: { role: 'provider', credits: 0 } });
    const rows = await zero.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, customer.user.id));
    expect(rows).toHaveLength(0);
  });
});

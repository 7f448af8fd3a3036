import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type TestApp } from '#server/test/app.js';
import { createJob, grantCredits, makeProvider } from '#server/test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '2' });
});
afterAll(() => t.close());

describe('credit transactions', () => {
  it('lists the caller’s own ledger newest first with signed amounts and translatable descriptions', async () => {
    const customer = await signUp(t.app);
    const job = await createJob(t.app.db, customer.user.id, { title: 'Fix sink' });
    const provider = await makeProvider(t.app, 20);
    const bid = await as(
      t.app,
      provider,
    )({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '120' } });
    expect(bid.statusCode).toBe(201);

    const response = await as(t.app, provider)({ method: 'GET', url: '/api/credits/transactions' });
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows.map((r: { amount: number }) => r.amount)).toEqual([-9, 18, 2]);
    expect(rows[0]).toMatchObject({
      type: 'bid',
      description: 'Regular bid on “Fix sink”',
      descriptionKey: 'credits:tx_bid_regular',
      descriptionParams: { jobTitle: 'Fix sink' },
    });
    expect(rows[2]).toMatchObject({ type: 'bonus', description: 'Welcome bonus', descriptionKey: 'credits:tx_bonus' });
    expect(rows[1]).toMatchObject({
      type: 'adjustment',
      description: 'Credit adjustment',
      descriptionKey: 'credits:tx_adjustment',
      descriptionParams: {},
    });
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['amount', 'createdAt', 'description', 'descriptionKey', 'descriptionParams', 'id', 'type'].sort(),
    );
  });

  it('honours the limit parameter', async () => {
    const provider = await makeProvider(t.app);
    for (const n of [1, 2, 3]) await grantCredits(t.app.db, provider.user.id, n);
    const response = await as(t.app, provider)({ method: 'GET', url: '/api/credits/transactions?limit=2' });
    expect(response.json()).toHaveLength(2);
    const bad = await as(t.app, provider)({ method: 'GET', url: '/api/credits/transactions?limit=0' });
    expect(bad.statusCode).toBe(400);
  });

  it('never shows another user’s transactions', async () => {
    await makeProvider(t.app, 30);
    const stranger = await signUp(t.app);
    const response = await as(t.app, stranger)({ method: 'GET', url: '/api/credits/transactions' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/credits/transactions' })).statusCode).toBe(401);
  });

  it('keeps serving the package catalog', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/credits/packages' });
    expect(response.json().map((p: { id: string }) => p.id)).toEqual(['starter', 'value', 'pro', 'premium']);
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, competitiveIntelligence, creditTransactions, users } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

const bid = (session: Session | null, jobId: string, payload: object) =>
  as(t.app, session)({ method: 'POST', url: `/api/jobs/${jobId}/bids`, payload });
const get = (session: Session | null, url: string) => as(t.app, session)({ method: 'GET', url });

async function balance(userId: string): Promise<number> {
  const [row] = await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
async function ledgerRows(userId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return Number(row!.n);
}
async function bidCount(jobId: string): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(bids).where(eq(bids.jobId, jobId));
  return Number(row!.n);
}

/** Asserts a refusal's status and code, and that it charged nothing and wrote nothing. */
async function expectRefusal(session: Session, jobId: string, payload: object, status: number, code: string) {
  const before = {
    credits: await balance(session.user.id),
    rows: await ledgerRows(session.user.id),
    bids: await bidCount(jobId),
  };
  const response = await bid(session, jobId, payload);
  expect(response.statusCode).toBe(status);
  expect(response.json().code).toBe(code);
  expect({
    credits: await balance(session.user.id),
    rows: await ledgerRows(session.user.id),
    bids: await bidCount(jobId),
  }).toEqual(before);
  return response;
}

describe('placing a bid', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await signUp(t.app);
  });

  it.each([
    ['regular', 9],
    ['block', 50],
    ['bust', 75],
  ])(
    'charges exactly the %s tier cost of %i credits and records the ledger row against the bid',
    async (tier, cost) => {
      const job = await createJob(t.app.db, owner.user.id, { title: 'Fix sink' });
      const provider = await makeProvider(t.app, 100);
      const response = await bid(provider, job.id, { amount: '125.5', message: 'Can start Monday', tier });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        jobId: job.id,
        providerId: provider.user.id,
        amount: '125.50',
        message: 'Can start Monday',
        tier,
        creditsCost: cost,
        status: 'pending',
      });
      expect(await balance(provider.user.id)).toBe(100 - cost);
      const [charge] = await t.app.db.select().from(creditTransactions).where(eq(creditTransactions.bidId, body.id));
      expect(charge).toMatchObject({ amount: -cost, type: 'bid', userId: provider.user.id });
      expect(charge!.description).toMatch(/bid on “Fix sink”$/);
    },
  );

  it('defaults to a regular bid of 9 credits when no tier is sent (the quick bid)', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 9);
    const response = await bid(provider, job.id, { amount: 80 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tier: 'regular', creditsCost: 9, amount: '80.00' });
    expect(await balance(provider.user.id)).toBe(0);
  });

  it('stores what a block or bust bid bought with its windows', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    const block = await makeProvider(t.app, 100);
    const bust = await makeProvider(t.app, 100);
    const started = Date.now();
    await bid(block, job.id, { amount: '100', tier: 'block' });
    await bid(bust, job.id, { amount: '110', tier: 'bust' });
    const rows = await t.app.db.select().from(competitiveIntelligence).where(eq(competitiveIntelligence.jobId, job.id));
    const byProvider = Object.fromEntries(rows.map((r) => [r.providerId, r]));
    const blockRow = byProvider[block.user.id]!;
    expect(blockRow).toMatchObject({
      intelligenceLevel: 'block',
      creditsSpent: 50,
      totalCompetitors: 0,
      bustPriorityUntil: null,
    });
    expect(blockRow.blockResponseWindow!.getTime() - started).toBeGreaterThanOrEqual(24 * HOUR - 5000);
    expect(blockRow.blockResponseWindow!.getTime() - started).toBeLessThan(24 * HOUR + 60_000);
    const bustRow = byProvider[bust.user.id]!;
    expect(bustRow).toMatchObject({ intelligenceLevel: 'bust', creditsSpent: 75, totalCompetitors: 1 });
    expect(bustRow.competitorTierCounts).toEqual({ regular: 0, block: 1, bust: 0 });
    expect(bustRow.bustPriorityUntil!.getTime() - started).toBeGreaterThanOrEqual(72 * HOUR - 5000);
  });

  it('refuses a missing job with 404 job_not_found, and a malformed id too, at no charge', async () => {
    const provider = await makeProvider(t.app, 50);
    await expectRefusal(provider, '00000000-0000-4000-8000-000000000000', { amount: '10' }, 404, 'job_not_found');
    const malformed = await bid(provider, 'not-a-uuid', { amount: '10' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().code).toBe('job_not_found');
    expect((await get(provider, '/api/jobs/not-a-uuid/bids')).statusCode).toBe(404);
    expect((await get(provider, '/api/jobs/%20/intelligence')).statusCode).toBe(404);
    expect(await balance(provider.user.id)).toBe(50);
  });

  it('refuses a job that is not open with 409 job_not_open at no charge', async () => {
    const job = await createJob(t.app.db, owner.user.id, { status: 'in_progress' });
    const provider = await makeProvider(t.app, 50);
    await expectRefusal(provider, job.id, { amount: '10' }, 409, 'job_not_open');
  });

  it('refuses a customer with 403 not_provider', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    const customer = await signUp(t.app);
    const response = await expectRefusal(customer, job.id, { amount: '10' }, 403, 'not_provider');
    expect(response.json().message).toBe('Only service providers may bid');
  });

  it('refuses a bid on one’s own job with 403 own_job at no charge', async () => {
    const provider = await makeProvider(t.app, 50);
    const job = await createJob(t.app.db, provider.user.id);
    await expectRefusal(provider, job.id, { amount: '10' }, 403, 'own_job');
  });

  it('refuses a second bid on the same job with 409 already_bid at no charge', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 100);
    expect((await bid(provider, job.id, { amount: '10' })).statusCode).toBe(201);
    await expectRefusal(provider, job.id, { amount: '20', tier: 'bust' }, 409, 'already_bid');
  });

  it('refuses a tier the provider cannot afford with 402 insufficient_credits at no charge', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 74);
    await expectRefusal(provider, job.id, { amount: '10', tier: 'bust' }, 402, 'insufficient_credits');
    const poor = await makeProvider(t.app, 8);
    await expectRefusal(poor, job.id, { amount: '10' }, 402, 'insufficient_credits');
    const rows = await t.app.db.select().from(competitiveIntelligence).where(eq(competitiveIntelligence.jobId, job.id));
    expect(rows).toEqual([]);
  });

  it('validates the amount with the spec message and writes nothing', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 50);
    const empty = await expectRefusal(provider, job.id, { amount: '' }, 400, 'validation_error');
    expect(empty.json().errors).toEqual([
      { path: 'amount', message: 'Amount is required', code: 'bids:validation_amount_required' },
    ]);
    await expectRefusal(provider, job.id, {}, 400, 'validation_error');
    await expectRefusal(provider, job.id, { amount: '-5' }, 400, 'validation_error');
    await expectRefusal(provider, job.id, { amount: '10', tier: 'gold' }, 400, 'validation_error');
  });

  it('answers 401 to a visitor', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    expect((await bid(null, job.id, { amount: '10' })).statusCode).toBe(401);
  });
});

describe('who sees which bids', () => {
  let owner: Session;
  let jobId: string;
  let regular: Session;
  let block: Session;
  let bust: Session;
  let regularLate: Session;

  beforeAll(async () => {
    owner = await signUp(t.app);
    jobId = (await createJob(t.app.db, owner.user.id)).id;
    [regular, block, bust, regularLate] = await Promise.all([
      makeProvider(t.app, 100),
      makeProvider(t.app, 100),
      makeProvider(t.app, 100),
      makeProvider(t.app, 100),
    ]);
    // Placed in this order; the owner's list puts bust first, then block, then the regular ones by time.
    for (const [session, amount, tier] of [
      [regular, '300', 'regular'],
      [block, '250', 'block'],
      [bust, '200', 'bust'],
      [regularLate, '150', 'regular'],
    ] as const) {
      expect((await bid(session, jobId, { amount, tier, message: `${tier} offer` })).statusCode).toBe(201);
    }
  });

  it('shows the owner every bid with amounts in priority order', async () => {
    const response = await get(owner, `/api/jobs/${jobId}/bids`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((b: { providerId: string }) => b.providerId)).toEqual([
      bust.user.id,
      block.user.id,
      regular.user.id,
      regularLate.user.id,
    ]);
    expect(list.map((b: { amount: string }) => b.amount)).toEqual(['200.00', '250.00', '300.00', '150.00']);
    expect(list.map((b: { isPriority: boolean }) => b.isPriority)).toEqual([true, true, false, false]);
    expect(list[0]).toMatchObject({ providerName: `Test ${bust.user.lastName}`, message: 'bust offer', tier: 'bust' });
  });

  it('drops a bid back to time order once its window has passed', async () => {
    const past = new Date(Date.now() - HOUR);
    await t.app.db
      .update(competitiveIntelligence)
      .set({ blockResponseWindow: past })
      .where(eq(competitiveIntelligence.providerId, block.user.id));
    const list = (await get(owner, `/api/jobs/${jobId}/bids`)).json();
    expect(list.map((b: { providerId: string }) => b.providerId)).toEqual([
      bust.user.id,
      regular.user.id,
      block.user.id,
      regularLate.user.id,
    ]);
    await t.app.db
      .update(competitiveIntelligence)
      .set({ blockResponseWindow: new Date(Date.now() + 23 * HOUR) })
      .where(eq(competitiveIntelligence.providerId, block.user.id));
  });

  it('shows a provider only their own bid', async () => {
    const list = (await get(regular, `/api/jobs/${jobId}/bids`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ providerId: regular.user.id, amount: '300.00' });
  });

  it('shows nothing to a provider who did not bid or a customer who does not own the job', async () => {
    const outsider = await makeProvider(t.app, 0);
    const customer = await signUp(t.app);
    expect((await get(outsider, `/api/jobs/${jobId}/bids`)).json()).toEqual([]);
    expect((await get(customer, `/api/jobs/${jobId}/bids`)).json()).toEqual([]);
    expect((await get(null, `/api/jobs/${jobId}/bids`)).statusCode).toBe(401);
  });

  it('gives intelligence only to its payer: a regular bidder and a non-bidder get 404', async () => {
    const forRegular = await get(regular, `/api/jobs/${jobId}/intelligence`);
    expect(forRegular.statusCode).toBe(404);
    expect(forRegular.json().code).toBe('intelligence_not_found');
    const forOwner = await get(owner, `/api/jobs/${jobId}/intelligence`);
    expect(forOwner.statusCode).toBe(404);
  });

  it('computes block intelligence live: competitors, counts per tier, activity, no bid range', async () => {
    const response = await get(block, `/api/jobs/${jobId}/intelligence`);
    expect(response.statusCode).toBe(200);
    const intelligence = response.json();
    expect(intelligence).toMatchObject({
      jobId,
      intelligenceLevel: 'block',
      creditsSpent: 50,
      totalCompetitors: 3,
      competitorTierCounts: { regular: 2, block: 0, bust: 1 },
      activityLevel: 'medium',
      averageBidRange: null,
      bustPriorityUntil: null,
    });
    expect(new Date(intelligence.blockResponseWindow).getTime()).toBeGreaterThan(Date.now());
    // The stored snapshot saw only the one bid placed before it.
    const [row] = await t.app.db
      .select()
      .from(competitiveIntelligence)
      .where(eq(competitiveIntelligence.providerId, block.user.id));
    expect(row!.totalCompetitors).toBe(1);
  });

  it('computes bust intelligence with the competitors’ min, median and max', async () => {
    const intelligence = (await get(bust, `/api/jobs/${jobId}/intelligence`)).json();
    expect(intelligence).toMatchObject({
      intelligenceLevel: 'bust',
      totalCompetitors: 3,
      competitorTierCounts: { regular: 2, block: 1, bust: 0 },
      averageBidRange: { min: '150.00', median: '250.00', max: '300.00' },
      activityLevel: 'medium',
    });
    expect(new Date(intelligence.bustPriorityUntil).getTime()).toBeGreaterThan(Date.now() + 71 * HOUR);
  });

  it('takes the median of an even count as the mean of the middle two, and rates activity by the last 24 hours', async () => {
    const owner2 = await signUp(t.app);
    // Seven bids on one job: posted with no cap (JOB_BID_CAP=0).
    const job = await createJob(t.app.db, owner2.user.id, { bidCap: null });
    const spender = await makeProvider(t.app, 100);
    const others = await Promise.all(Array.from({ length: 6 }, () => makeProvider(t.app, 9)));
    const amounts = ['100', '101.01', '200', '250', '400', '900'];
    await Promise.all(others.map((p, i) => bid(p, job.id, { amount: amounts[i]! })));
    await bid(spender, job.id, { amount: '180', tier: 'bust' });
    let intelligence = (await get(spender, `/api/jobs/${job.id}/intelligence`)).json();
    expect(intelligence.averageBidRange).toEqual({ min: '100.00', median: '225.00', max: '900.00' });
    expect(intelligence.activityLevel).toBe('high');

    // Four of the six bids are older than a day: two recent ones is low activity.
    const old = new Date(Date.now() - 30 * HOUR);
    for (const p of others.slice(0, 4))
      await t.app.db.update(bids).set({ createdAt: old }).where(eq(bids.providerId, p.user.id));
    intelligence = (await get(spender, `/api/jobs/${job.id}/intelligence`)).json();
    expect(intelligence.activityLevel).toBe('low');
    expect(intelligence.totalCompetitors).toBe(6);
  });
});

describe('revising a block bid', () => {
  it('lets a block bidder revise amount and message once inside the window, then answers 409', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 50);
    const placed = (await bid(provider, job.id, { amount: '500', tier: 'block', message: 'first' })).json();
    expect(placed.revisableUntil).not.toBeNull();

    const revise = (payload: object) =>
      as(t.app, provider)({ method: 'PATCH', url: `/api/jobs/${job.id}/bids/mine`, payload });
    const first = await revise({ amount: '450', message: 'sharper price' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: placed.id,
      providerId: provider.user.id,
      amount: '450.00',
      message: 'sharper price',
      revisableUntil: null,
    });
    expect(first.json().revisedAt).not.toBeNull();

    const second = await revise({ amount: '400' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('revision_not_allowed');
    const [row] = await t.app.db.select().from(bids).where(eq(bids.id, placed.id));
    expect(row!.amount).toBe('450.00');
    expect(await balance(provider.user.id)).toBe(0);
  });

  it('refuses a regular bid, an expired window and a provider without a bid', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const regular = await makeProvider(t.app, 9);
    const block = await makeProvider(t.app, 50);
    const none = await makeProvider(t.app, 0);
    await bid(regular, job.id, { amount: '100' });
    await bid(block, job.id, { amount: '100', tier: 'block' });
    await t.app.db
      .update(competitiveIntelligence)
      .set({ blockResponseWindow: new Date(Date.now() - 1000) })
      .where(eq(competitiveIntelligence.providerId, block.user.id));
    const revise = (s: Session) =>
      as(t.app, s)({ method: 'PATCH', url: `/api/jobs/${job.id}/bids/mine`, payload: { amount: '90' } });
    expect((await revise(regular)).json().code).toBe('revision_not_allowed');
    expect((await revise(block)).statusCode).toBe(409);
    const missing = await revise(none);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('bid_not_found');
  });

  it('allows one revision when ten arrive at once', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 50);
    await bid(provider, job.id, { amount: '500', tier: 'block' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        as(
          t.app,
          provider,
        )({ method: 'PATCH', url: `/api/jobs/${job.id}/bids/mine`, payload: { amount: String(400 + i) } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });
});

describe('my bids', () => {
  it('lists the provider’s bids with job titles, newest first', async () => {
    const owner = await signUp(t.app);
    const first = await createJob(t.app.db, owner.user.id, { title: 'Paint fence' });
    const second = await createJob(t.app.db, owner.user.id, { title: 'Tile bathroom' });
    const provider = await makeProvider(t.app, 100);
    await bid(provider, first.id, { amount: '100' });
    await bid(provider, second.id, { amount: '200', tier: 'block' });
    const list = (await get(provider, '/api/my-bids')).json();
    expect(list).toEqual([
      expect.objectContaining({
        jobId: second.id,
        jobTitle: 'Tile bathroom',
        tier: 'block',
        amount: '200.00',
        creditsCost: 50,
        status: 'pending',
      }),
      expect.objectContaining({
        jobId: first.id,
        jobTitle: 'Paint fence',
        tier: 'regular',
        amount: '100.00',
        creditsCost: 9,
      }),
    ]);
    expect((await get(owner, '/api/my-bids')).json()).toEqual([]);
  });
});

describe('bidding under concurrency', () => {
  it('lets exactly k of 30 simultaneous bids through when credits cover k', async () => {
    const owner = await signUp(t.app);
    const jobs = await Promise.all(Array.from({ length: 30 }, () => createJob(t.app.db, owner.user.id)));
    const k = 7;
    const provider = await makeProvider(t.app, k * 9 + 4);
    const responses = await Promise.all(jobs.map((job) => bid(provider, job.id, { amount: '100' })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(k);
    expect(statuses.filter((s) => s === 402)).toHaveLength(30 - k);
    expect(await balance(provider.user.id)).toBe(4);
    const [placed] = await t.app.db.select({ n: count() }).from(bids).where(eq(bids.providerId, provider.user.id));
    expect(Number(placed!.n)).toBe(k);
    await assertLedgerInvariant(t.app.db);
  });

  it('makes one bid and one charge out of 20 simultaneous submits of the same bid', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 200);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => bid(provider, job.id, { amount: '100', tier: 'block' })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'already_bid')).toBe(true);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await bidCount(job.id)).toBe(1);
    expect(await balance(provider.user.id)).toBe(150);
    const charges = await t.app.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, provider.user.id));
    expect(charges.filter((c) => c.type === 'bid')).toHaveLength(1);
    await assertLedgerInvariant(t.app.db);
  });

  it('charges every bidder correctly when many providers bid on one job at once', async () => {
    const owner = await signUp(t.app);
    // Fifteen bidders, five of them bust: posted with no cap (JOB_BID_CAP=0).
    const job = await createJob(t.app.db, owner.user.id, { bidCap: null });
    const providers = await Promise.all(Array.from({ length: 15 }, () => makeProvider(t.app, 60)));
    const tiers = ['regular', 'block', 'bust'] as const;
    const responses = await Promise.all(
      providers.map((p, i) => bid(p, job.id, { amount: String(100 + i), tier: tiers[i % 3] })),
    );
    // 60 credits cover regular and block, not bust.
    expect(responses.map((r) => r.statusCode)).toEqual(providers.map((_, i) => (i % 3 === 2 ? 402 : 201)));
    expect(await bidCount(job.id)).toBe(10);
    await assertLedgerInvariant(t.app.db);
  });
});

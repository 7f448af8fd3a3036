import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TIER_COSTS, LOW_BALANCE_CREDITS, type BidTier } from '#shared/bids.js';
import { bids, creditTransactions, emailOutbox, users } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { postLedgerEntry } from '#server/credits/index.js';
import { createJob, grantCredits, makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';

// Spend controls (docs/contract.md §3.9, docs/decisions/042-spend-controls.md): the weekly credit cap decided in
// bids_place, and the one low-balance notice kept by the ledger, on the database the suite runs on.

let t: TestApp;
let owner: Session;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
  owner = await signUp(t.app);
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const REGULAR = BID_TIER_COSTS.regular;
const HOUR = 60 * 60 * 1000;
const call = (session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  as(t.app, session)({ method, url, ...(payload ? { payload } : {}) });
const setCap = (session: Session, weeklyCreditLimit: unknown) =>
  call(session, 'PATCH', '/api/auth/user', { weeklyCreditLimit });
const bid = (session: Session, jobId: string, tier: BidTier = 'regular') =>
  call(session, 'POST', `/api/jobs/${jobId}/bids`, { amount: '200', tier });
const newJob = () => createJob(t.app.db, owner.user.id);

async function balance(userId: string) {
  const [row] = await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
async function bidsOf(providerId: string) {
  const [row] = await t.app.db.select({ n: count() }).from(bids).where(eq(bids.providerId, providerId));
  return Number(row!.n);
}
/** A provider with `credits` and a weekly cap of `cap`. */
async function cappedProvider(credits: number, cap: number | null) {
  const provider = await makeProvider(t.app, credits);
  const answer = await setCap(provider, cap);
  expect(answer.statusCode, answer.body).toBe(200);
  return provider;
}
async function placed(session: Session, jobId: string, tier: BidTier = 'regular') {
  const response = await bid(session, jobId, tier);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; createdAt: string };
}
/** weekly_limit_reached, free: no credits, no ledger row, no bid. */
async function expectCapRefusal(session: Session, jobId: string, tier: BidTier = 'regular') {
  const before = { credits: await balance(session.user.id), bids: await bidsOf(session.user.id) };
  const response = await bid(session, jobId, tier);
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toMatchObject({ code: 'weekly_limit_reached' });
  expect({ credits: await balance(session.user.id), bids: await bidsOf(session.user.id) }).toEqual(before);
}
const moveBid = (bidId: string, at: Date) => t.app.db.update(bids).set({ createdAt: at }).where(eq(bids.id, bidId));

describe('PATCH /api/auth/user {weeklyCreditLimit}', () => {
  it('takes a whole number of credits ≥ 1 or null, shown on the user, and refuses anything else with 400', async () => {
    const provider = await makeProvider(t.app, 0);
    expect((await call(provider, 'GET', '/api/auth/user')).json()).toMatchObject({ weeklyCreditLimit: null });
    for (const wrong of [0, -5, 1.5, '20', 1_000_001, true, {}]) {
      const refused = await setCap(provider, wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error' });
    }
    expect((await setCap(provider, 40)).json()).toMatchObject({ weeklyCreditLimit: 40 });
    expect((await call(provider, 'GET', '/api/auth/user')).json()).toMatchObject({ weeklyCreditLimit: 40 });
    // Other fields leave it as it is; null lifts it.
    expect((await call(provider, 'PATCH', '/api/auth/user', { language: 'es' })).json()).toMatchObject({
      weeklyCreditLimit: 40,
    });
    expect((await setCap(provider, null)).json()).toMatchObject({ weeklyCreditLimit: null });
  });
});

describe('the weekly credit cap', () => {
  it('allows spending exactly the cap and refuses the next bid, free', async () => {
    const provider = await cappedProvider(500, 2 * REGULAR);
    await placed(provider, (await newJob()).id);
    await placed(provider, (await newJob()).id);
    expect(await balance(provider.user.id)).toBe(500 - 2 * REGULAR);
    await expectCapRefusal(provider, (await newJob()).id);
    // A larger cap lets the same bid through; a Block bid past it is refused too.
    await setCap(provider, 3 * REGULAR);
    await placed(provider, (await newJob()).id);
    await setCap(provider, 3 * REGULAR + BID_TIER_COSTS.block - 1);
    await expectCapRefusal(provider, (await newJob()).id, 'block');
    await assertLedgerInvariant(t.app.db);
  });

  it('counts refunded credits back: a cancelled job frees its bid’s share of the week', async () => {
    const provider = await cappedProvider(500, 2 * REGULAR);
    const first = await newJob();
    await placed(provider, first.id);
    await placed(provider, (await newJob()).id);
    await expectCapRefusal(provider, (await newJob()).id);
    const cancelled = await call(owner, 'PATCH', `/api/jobs/${first.id}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await placed(provider, (await newJob()).id);
    await expectCapRefusal(provider, (await newJob()).id);
    await assertLedgerInvariant(t.app.db);
  });

  it('weighs only the bids placed in the last 7 × 24 h', async () => {
    const provider = await cappedProvider(500, REGULAR);
    const old = await placed(provider, (await newJob()).id);
    const week = 7 * 24 * HOUR;
    // A minute inside the window: it still counts.
    await moveBid(old.id, new Date(Date.now() - week + 60_000));
    await expectCapRefusal(provider, (await newJob()).id);
    // A minute past it: it no longer does.
    await moveBid(old.id, new Date(Date.now() - week - 60_000));
    await placed(provider, (await newJob()).id);
    await expectCapRefusal(provider, (await newJob()).id);
  });

  it('comes after the job’s own refusals: a full job says job_full to a capped provider', async () => {
    const provider = await cappedProvider(500, REGULAR);
    await placed(provider, (await newJob()).id);
    const full = await newJob();
    for (let i = 0; i < 5; i++) await placed(await makeProvider(t.app, 100), full.id);
    expect((await bid(provider, full.id)).json()).toMatchObject({ code: 'job_full' });
    await expectCapRefusal(provider, (await newJob()).id);
  });

  it('holds under 20 bids at once on 20 jobs: never more spent than the cap', async () => {
    const cap = 10 * REGULAR + 5;
    const provider = await cappedProvider(1000, cap);
    const jobs = await Promise.all(Array.from({ length: 20 }, () => newJob()));
    const responses = await Promise.all(jobs.map((job) => bid(provider, job.id)));
    const won = responses.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 409 && r.json().code === 'weekly_limit_reached')).toHaveLength(10);
    expect(await balance(provider.user.id)).toBe(1000 - 10 * REGULAR);
    expect(await bidsOf(provider.user.id)).toBe(10);
    await assertLedgerInvariant(t.app.db);
  });

  it('sees a bid of the same provider that committed while this one waited for the provider’s row', async () => {
    const provider = await cappedProvider(500, REGULAR);
    const [first, second] = [await newJob(), await newJob()];
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another bid of theirs, in a transaction that holds their row (as bids_place and the ledger take it) while
    // this bid's statement starts and waits for it.
    const holder = t.app.db.transaction(async (tx) => {
      const [other] = await tx
        .insert(bids)
        .values({ jobId: first.id, providerId: provider.user.id, amount: '200', tier: 'regular', creditsCost: REGULAR })
        .returning();
      await postLedgerEntry(tx, {
        userId: provider.user.id,
        amount: -REGULAR,
        type: 'bid',
        bidId: other!.id,
        descriptionKey: 'credits:tx_bid_regular',
      });
      locked();
      await released;
    });
    await isLocked;
    // inject() starts a request when it is awaited: Promise.resolve starts it now, outside the transaction.
    const answer = Promise.resolve(bid(provider, second.id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await holder;
    const response = await answer;
    expect(response.statusCode, response.body).toBe(409);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'weekly_limit_reached' });
    expect(await balance(provider.user.id)).toBe(500 - REGULAR);
    await assertLedgerInvariant(t.app.db);
  });

  it('holds when a refund races the bids: the week’s spend never passes the cap', async () => {
    const cap = 4 * REGULAR;
    const provider = await cappedProvider(1000, cap);
    const first = await newJob();
    await placed(provider, first.id);
    const jobs = await Promise.all(Array.from({ length: 12 }, () => newJob()));
    await Promise.all([
      call(owner, 'PATCH', `/api/jobs/${first.id}/status`, { status: 'cancelled' }),
      ...jobs.map((job) => bid(provider, job.id)),
    ]);
    const [row] = await t.app.db
      .select({ spent: sql<number>`coalesce(-sum(${creditTransactions.amount}), 0)::int` })
      .from(creditTransactions)
      .where(
        and(eq(creditTransactions.userId, provider.user.id), sql`${creditTransactions.type} in ('bid', 'refund')`),
      );
    expect(row!.spent).toBeLessThanOrEqual(cap);
    expect(await bidsOf(provider.user.id)).toBeGreaterThanOrEqual(4);
    await assertLedgerInvariant(t.app.db);
  });
});

describe('the low-balance notice', () => {
  const noticesTo = async (email: string) => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.recipient, email),
          sql`${emailOutbox.subject} in (${'Your credits are running low'}, ${'Te quedan pocos créditos'})`,
        ),
      );
    return Number(row!.n);
  };

  it('goes out once when a bid leaves fewer than three Regular bids, and again only after the balance recovered', async () => {
    expect(LOW_BALANCE_CREDITS).toBe(27);
    const provider = await makeProvider(t.app, 5 * REGULAR);
    const stream = await openEventStream(baseUrl, provider.cookie);
    await placed(provider, (await newJob()).id); // 36
    await placed(provider, (await newJob()).id); // 27: not below
    expect(await noticesTo(provider.user.email)).toBe(0);
    const third = await newJob();
    await placed(provider, third.id); // 18: the notice
    expect((await stream.next('credits.low_balance')).data).toEqual({ balance: 18, threshold: 27 });
    expect(await noticesTo(provider.user.email)).toBe(1);
    await placed(provider, (await newJob()).id); // 9: no second notice
    expect(await noticesTo(provider.user.email)).toBe(1);

    // A refund that leaves the balance under the mark keeps the flag: the next bid says nothing.
    await call(owner, 'PATCH', `/api/jobs/${third.id}/status`, { status: 'cancelled' }); // 18
    await placed(provider, (await newJob()).id); // 9
    expect(await noticesTo(provider.user.email)).toBe(1);

    // Credits back to 27 or more clear it: the next bid that goes under the mark tells again, in Spanish now.
    await grantCredits(t.app.db, provider.user.id, 3 * REGULAR); // 36
    await call(provider, 'PATCH', '/api/auth/user', { language: 'es' });
    await placed(provider, (await newJob()).id); // 27
    await placed(provider, (await newJob()).id); // 18
    expect((await stream.next('credits.low_balance', (d) => d.balance === 18 && d !== undefined)).data).toEqual({
      balance: 18,
      threshold: 27,
    });
    expect(await noticesTo(provider.user.email)).toBe(2);
    const [spanish] = await t.app.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, provider.user.email), eq(emailOutbox.subject, 'Te quedan pocos créditos')));
    expect(spanish!.text).toContain('18 créditos');
    stream.close();
    await assertLedgerInvariant(t.app.db);
  });

  it('says nothing when the bid is refused, and nothing for a balance that never went under by a bid', async () => {
    const provider = await cappedProvider(30, REGULAR);
    await placed(provider, (await newJob()).id); // 21: the notice
    await expectCapRefusal(provider, (await newJob()).id);
    expect(await noticesTo(provider.user.email)).toBe(1);
    const poor = await makeProvider(t.app, 5);
    expect((await bid(poor, (await newJob()).id)).json()).toMatchObject({ code: 'insufficient_credits' });
    expect(await noticesTo(poor.user.email)).toBe(0);
  });
});

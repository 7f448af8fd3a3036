import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidTier } from '#shared/bids.js';
import { bids, creditTransactions, jobs, users } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';

// The published bid cap and its labelled seats (docs/contract.md §3.9), on the database the suite runs on.

let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
  owner = await signUp(t.app);
});
afterAll(() => t.close());

const bid = (session: Session, jobId: string, tier: BidTier = 'regular', amount = '150') =>
  as(t.app, session)({ method: 'POST', url: `/api/jobs/${jobId}/bids`, payload: { amount, tier } });
const get = (session: Session, url: string) => as(t.app, session)({ method: 'GET', url });

async function balance(userId: string): Promise<number> {
  const [row] = await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
async function storedBids(jobId: string): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(bids).where(eq(bids.jobId, jobId));
  return Number(row!.n);
}
async function ledgerRows(userId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return Number(row!.n);
}

/** Bids by fresh providers, one after another, each tier in turn. */
async function fill(jobId: string, tiers: BidTier[]) {
  for (const tier of tiers) {
    const response = await bid(await makeProvider(t.app, 100), jobId, tier);
    expect(response.statusCode, response.body).toBe(201);
  }
}

/** A refusal: its status and code, and nothing charged, no ledger row, no bid written. */
async function expectFreeRefusal(jobId: string, tier: BidTier, code: string) {
  const provider = await makeProvider(t.app, 100);
  const before = { credits: await balance(provider.user.id), rows: await ledgerRows(provider.user.id) };
  const stored = await storedBids(jobId);
  const response = await bid(provider, jobId, tier);
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ code });
  expect({ credits: await balance(provider.user.id), rows: await ledgerRows(provider.user.id) }).toEqual(before);
  expect(await storedBids(jobId)).toBe(stored);
}

describe('the published bid cap', () => {
  it('posts a job under JOB_BID_CAP and shows every signed-in viewer the count, the cap and the seats', async () => {
    const posted = await as(
      t.app,
      owner,
    )({
      method: 'POST',
      url: '/api/jobs',
      payload: {
        categoryId: 1,
        title: 'Tile the bathroom',
        description: 'About 60 square feet of floor tile.',
        zipCode: '78701',
        city: 'Austin',
        state: 'TX',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const job = posted.json();
    expect(job).toMatchObject({
      bidCount: 0,
      bidCap: 5,
      seats: { block: { taken: 0, max: 2 }, bust: { taken: 0, max: 1 } },
    });
    await fill(job.id, ['regular', 'block', 'bust']);

    const stranger = await makeProvider(t.app, 0);
    const seen = { bidCount: 3, bidCap: 5, seats: { block: { taken: 1, max: 2 }, bust: { taken: 1, max: 1 } } };
    expect((await get(stranger, `/api/jobs/${job.id}`)).json()).toMatchObject(seen);
    expect((await get(owner, `/api/jobs/${job.id}`)).json()).toMatchObject(seen);
    const listed = (await get(stranger, '/api/jobs?limit=100')).json() as { id: string }[];
    expect(listed.find((j) => j.id === job.id)).toMatchObject(seen);
    const mine = (await get(owner, '/api/my-jobs?limit=100')).json() as { id: string }[];
    expect(mine.find((j) => j.id === job.id)).toMatchObject(seen);
  });

  it('refuses a sixth bid with job_full, free, and the full job stays open for hiring', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    await fill(job.id, ['regular', 'regular', 'regular', 'block', 'bust']);
    // job_full comes before tier_full: a Bust bid on a full job hears that the job is full.
    await expectFreeRefusal(job.id, 'regular', 'job_full');
    await expectFreeRefusal(job.id, 'bust', 'job_full');
    const detail = (await get(owner, `/api/jobs/${job.id}`)).json();
    expect(detail).toMatchObject({ status: 'open', bidCount: 5 });
    const [first] = (await get(owner, `/api/jobs/${job.id}/bids`)).json() as { id: string }[];
    const hired = await as(t.app, owner)({ method: 'POST', url: `/api/jobs/${job.id}/bids/${first!.id}/accept` });
    expect(hired.statusCode, hired.body).toBe(200);
    await assertLedgerInvariant(t.app.db);
  });

  it('keeps two Block seats and one Bust seat, refusing a third Block and a second Bust with tier_full', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    await fill(job.id, ['block', 'block', 'bust']);
    await expectFreeRefusal(job.id, 'block', 'tier_full');
    await expectFreeRefusal(job.id, 'bust', 'tier_full');
    // Regular seats are left: the cap counts all tiers together.
    await fill(job.id, ['regular', 'regular']);
    await expectFreeRefusal(job.id, 'regular', 'job_full');
  });

  it('counts every bid ever placed, whatever became of it', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    await fill(job.id, ['regular', 'regular', 'regular', 'regular', 'regular']);
    // A declined (rejected) bid still took its seat (docs/contract.md §3.9).
    await t.app.db.update(bids).set({ status: 'rejected' }).where(eq(bids.jobId, job.id));
    await expectFreeRefusal(job.id, 'regular', 'job_full');
  });

  it('keeps the cap a job was posted with, and tells a provider who already bid so before the cap', async () => {
    const job = await createJob(t.app.db, owner.user.id, { bidCap: 2 });
    const first = await makeProvider(t.app, 100);
    expect((await bid(first, job.id)).statusCode).toBe(201);
    await fill(job.id, ['regular']);
    expect((await get(owner, `/api/jobs/${job.id}`)).json()).toMatchObject({
      bidCount: 2,
      bidCap: 2,
      seats: { block: { taken: 0, max: 2 }, bust: { taken: 0, max: 1 } },
    });
    await expectFreeRefusal(job.id, 'regular', 'job_full');
    const again = await bid(first, job.id);
    expect(again.json()).toMatchObject({ code: 'already_bid' });
  });

  it('labels Block and Bust bids sponsored in the owner list, Regular not', async () => {
    const job = await createJob(t.app.db, owner.user.id);
    await fill(job.id, ['regular', 'block', 'bust']);
    const list = (await get(owner, `/api/jobs/${job.id}/bids`)).json() as { tier: BidTier; sponsored: boolean }[];
    expect(list.map((b) => [b.tier, b.sponsored]).sort()).toEqual([
      ['block', true],
      ['bust', true],
      ['regular', false],
    ]);
  });
});

describe('the last seat under concurrency', () => {
  async function race(tier: BidTier, taken: BidTier[], code: string) {
    const job = await createJob(t.app.db, owner.user.id);
    await fill(job.id, taken);
    const racers = await Promise.all(Array.from({ length: 20 }, () => makeProvider(t.app, 100)));
    const responses = await Promise.all(racers.map((racer) => bid(racer, job.id, tier)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409 && r.json().code === code)).toHaveLength(19);
    // Only the winner paid.
    const balances = await Promise.all(racers.map((racer) => balance(racer.user.id)));
    expect(balances.filter((b) => b < 100)).toHaveLength(1);
    const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(await storedBids(job.id)).toBe(row!.bidCount);
    await assertLedgerInvariant(t.app.db);
    return row!;
  }

  it('lets exactly one of 20 racers take the last seat of a job', async () => {
    const row = await race('regular', ['regular', 'regular', 'block', 'bust'], 'job_full');
    expect(row.bidCount).toBe(5);
  });

  it('lets exactly one of 20 Bust racers take the one Bust seat', async () => {
    const row = await race('bust', ['regular'], 'tier_full');
    expect({ bidCount: row.bidCount, bustBidCount: row.bustBidCount }).toEqual({ bidCount: 2, bustBidCount: 1 });
  });
});

describe('with JOB_BID_CAP=0', () => {
  let uncapped: TestApp;
  beforeAll(async () => {
    uncapped = await createTestApp({ JOB_BID_CAP: '0', FREE_CREDITS_ON_UPGRADE: '0' });
  });
  afterAll(() => uncapped.close());

  it('posts jobs with no cap and no seat limits, still counting the bids and seats taken', async () => {
    const customer = await signUp(uncapped.app);
    const posted = await as(
      uncapped.app,
      customer,
    )({
      method: 'POST',
      url: '/api/jobs',
      payload: {
        categoryId: 1,
        title: 'Paint the fence',
        description: 'Forty feet of cedar fence, both sides.',
        zipCode: '78701',
        city: 'Austin',
        state: 'TX',
      },
    });
    const job = posted.json();
    expect(job).toMatchObject({ bidCap: null, seats: { block: { max: null }, bust: { max: null } } });
    const tiers: BidTier[] = ['bust', 'bust', 'block', 'block', 'block', 'regular', 'regular'];
    for (const tier of tiers) {
      const provider = await makeProvider(uncapped.app, 100);
      const response = await as(
        uncapped.app,
        provider,
      )({
        method: 'POST',
        url: `/api/jobs/${job.id}/bids`,
        payload: { amount: '99', tier },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const detail = (await as(uncapped.app, customer)({ method: 'GET', url: `/api/jobs/${job.id}` })).json();
    expect(detail).toMatchObject({
      bidCount: 7,
      bidCap: null,
      seats: { block: { taken: 3, max: null }, bust: { taken: 2, max: null } },
    });
  });
});

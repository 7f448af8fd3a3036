import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bids,
  businessProfiles,
  categories,
  creditTransactions,
  jobs,
  providerRatingSummaries,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/db/seed/index.js';
import { as, createTestApp, sessionCookie, signUp, type Session, type TestApp } from '#server/test/app.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant } from '#server/test/ledger.js';
import { expireStaleJobs } from './lifecycle.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0', JOB_EXPIRY_DAYS: '30' });
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  as(t.app, session)({ method, url, ...(payload ? { payload } : {}) });
const placeBid = async (provider: Session, jobId: string, tier = 'regular') => {
  const response = await call(provider, 'POST', `/api/jobs/${jobId}/bids`, { amount: '250', tier });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; creditsCost: number };
};
const setStatus = (session: Session | null, jobId: string, status: string) =>
  call(session, 'PATCH', `/api/jobs/${jobId}/status`, { status });
const accept = (session: Session | null, jobId: string, bidId: string) =>
  call(session, 'POST', `/api/jobs/${jobId}/bids/${bidId}/accept`);

async function balance(userId: string) {
  const [row] = await t.app.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
async function refundsOf(bidId: string) {
  return t.app.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.bidId, bidId), eq(creditTransactions.type, 'refund')));
}
async function jobRow(jobId: string) {
  const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, jobId));
  return job!;
}
async function bidStatuses(jobId: string) {
  const rows = await t.app.db.select({ id: bids.id, status: bids.status }).from(bids).where(eq(bids.jobId, jobId));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

/** An open job with three bidders: regular, block and bust. */
/** `bidCap: null`: posted as with JOB_BID_CAP=0, for a test that puts more bids on it than a cap allows. */
async function jobWithBids(bidCap?: null) {
  const owner = await signUp(t.app);
  const job = await createJob(t.app.db, owner.user.id, {
    title: 'Replace the water heater',
    ...(bidCap === null ? { bidCap } : {}),
  });
  const providers = await Promise.all([makeProvider(t.app, 100), makeProvider(t.app, 100), makeProvider(t.app, 100)]);
  const placed = [];
  for (const [i, tier] of (['regular', 'block', 'bust'] as const).entries()) {
    placed.push(await placeBid(providers[i]!, job.id, tier));
  }
  return { owner, job, providers, bids: placed };
}

/** An in-progress job with its hired provider. */
async function hiredJob() {
  const setup = await jobWithBids();
  expect((await accept(setup.owner, setup.job.id, setup.bids[1]!.id)).statusCode).toBe(200);
  return { ...setup, hired: setup.providers[1]! };
}

describe('hiring', () => {
  it('accepts one bid: the job goes in progress with that provider hired, the other bids are rejected without refund', async () => {
    const { owner, job, providers, bids: placed } = await jobWithBids();
    const response = await accept(owner, job.id, placed[1]!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      jobId: job.id,
      status: 'in_progress',
      hiredProviderId: providers[1]!.user.id,
    });
    expect(await jobRow(job.id)).toMatchObject({ status: 'in_progress', hiredProviderId: providers[1]!.user.id });
    expect(await bidStatuses(job.id)).toEqual({
      [placed[0]!.id]: 'rejected',
      [placed[1]!.id]: 'accepted',
      [placed[2]!.id]: 'rejected',
    });
    expect(await balance(providers[0]!.user.id)).toBe(91);
    expect(await balance(providers[2]!.user.id)).toBe(25);
    expect(await refundsOf(placed[0]!.id)).toEqual([]);
    await assertLedgerInvariant(t.app.db);
  });

  it('refuses anyone but the owner, a second accept, a bid of another job and a guessed id', async () => {
    const { owner, job, providers, bids: placed } = await jobWithBids();
    const other = await jobWithBids();
    expect((await accept(providers[0]!, job.id, placed[0]!.id)).json().code).toBe('not_job_owner');
    expect((await accept(null, job.id, placed[0]!.id)).statusCode).toBe(401);
    expect((await accept(owner, job.id, other.bids[0]!.id)).statusCode).toBe(404);
    expect((await accept(owner, job.id, 'nope')).statusCode).toBe(404);
    expect((await accept(owner, 'nope', placed[0]!.id)).statusCode).toBe(404);
    expect((await accept(owner, job.id, placed[0]!.id)).statusCode).toBe(200);
    const again = await accept(owner, job.id, placed[2]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('job_not_open');
  });
});

describe('the job lifecycle', () => {
  it('races bids against the job’s cancellation without a 500: each bid is refused, or placed and refunded', async () => {
    for (let round = 0; round < 2; round++) {
      // Thirteen bids, eleven of them Block: no cap (JOB_BID_CAP=0), so only the cancellation refuses them.
      const { owner, job } = await jobWithBids(null);
      const bidders = await Promise.all(Array.from({ length: 10 }, () => makeProvider(t.app, 50)));
      const before = await Promise.all(bidders.map((p) => balance(p.user.id)));
      const [cancel, ...bids] = await Promise.all([
        setStatus(owner, job.id, 'cancelled'),
        ...bidders.map((p) =>
          as(t.app, p)({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '150', tier: 'block' } }),
        ),
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      for (const [i, bid] of bids.entries()) {
        expect([201, 409], bid.body).toContain(bid.statusCode);
        if (bid.statusCode === 409) expect(bid.json().code).toBe('job_not_open');
        // Placed before the cancellation (and refunded by it) or refused: either way nothing is lost.
        expect(await balance(bidders[i]!.user.id)).toBe(before[i]);
      }
      await assertLedgerInvariant(t.app.db);
    }
  });

  it('cancels an open job and refunds every pending bidder exactly their bid cost', async () => {
    const { owner, job, providers, bids: placed } = await jobWithBids();
    const before = await Promise.all(providers.map((p) => balance(p.user.id)));
    const response = await setStatus(owner, job.id, 'cancelled');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ jobId: job.id, status: 'cancelled', refundedBids: 3 });
    for (const [i, provider] of providers.entries()) {
      expect(await balance(provider.user.id)).toBe(before[i]! + placed[i]!.creditsCost);
      const refunds = await refundsOf(placed[i]!.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: placed[i]!.creditsCost, userId: provider.user.id });
      expect(refunds[0]!.description).toBe('Refund for “Replace the water heater”');
    }
    expect(Object.values(await bidStatuses(job.id))).toEqual(['rejected', 'rejected', 'rejected']);
    await assertLedgerInvariant(t.app.db);
  });

  it('completes an in-progress job, and cancels one without refunding the hired provider', async () => {
    const first = await hiredJob();
    expect((await setStatus(first.owner, first.job.id, 'completed')).json()).toMatchObject({ status: 'completed' });
    const second = await hiredJob();
    const before = await balance(second.hired.user.id);
    const cancelled = await setStatus(second.owner, second.job.id, 'cancelled');
    expect(cancelled.json()).toEqual({ jobId: second.job.id, status: 'cancelled', refundedBids: 0 });
    expect(await balance(second.hired.user.id)).toBe(before);
    expect(await refundsOf(second.bids[1]!.id)).toEqual([]);
    await assertLedgerInvariant(t.app.db);
  });

  it.each([
    ['open', 'open'],
    ['open', 'in_progress'],
    ['open', 'completed'],
    ['in_progress', 'open'],
    ['in_progress', 'in_progress'],
    ['completed', 'open'],
    ['completed', 'in_progress'],
    ['completed', 'cancelled'],
    ['completed', 'completed'],
    ['cancelled', 'open'],
    ['cancelled', 'in_progress'],
    ['cancelled', 'completed'],
    ['cancelled', 'cancelled'],
  ] as const)('refuses %s → %s with 409 invalid_transition and changes nothing', async (from, to) => {
    const owner = await signUp(t.app);
    const provider = await makeProvider(t.app, 0);
    const job = await createJob(t.app.db, owner.user.id, {
      status: from,
      hiredProviderId: from === 'open' ? null : provider.user.id,
    });
    const response = await setStatus(owner, job.id, to);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'invalid_transition',
      message: 'This job cannot change to that status',
    });
    expect((await jobRow(job.id)).status).toBe(from);
  });

  it('refuses a status change by anyone but the owner (403), on a missing job (404) and an unknown status (400)', async () => {
    const { job, providers, owner } = await jobWithBids();
    expect((await setStatus(providers[0]!, job.id, 'cancelled')).statusCode).toBe(403);
    expect((await setStatus(null, job.id, 'cancelled')).statusCode).toBe(401);
    expect((await setStatus(owner, '00000000-0000-4000-8000-000000000000', 'cancelled')).statusCode).toBe(404);
    expect((await setStatus(owner, job.id, 'paused')).statusCode).toBe(400);
    expect((await jobRow(job.id)).status).toBe('open');
  });
});

describe('live updates of the lifecycle', () => {
  it('tells the hired bidder, the rejected ones and the owner as it happens', async () => {
    const { owner, job, providers, bids: placed } = await jobWithBids();
    const [ownerStream, winner, loser] = await Promise.all([
      openEventStream(baseUrl, owner.cookie),
      openEventStream(baseUrl, providers[1]!.cookie),
      openEventStream(baseUrl, providers[0]!.cookie),
    ]);
    await accept(owner, job.id, placed[1]!.id);
    expect((await winner.next('bid.updated')).data).toEqual({
      jobId: job.id,
      bidId: placed[1]!.id,
      status: 'accepted',
    });
    expect((await winner.next('job.updated')).data).toEqual({ jobId: job.id, status: 'in_progress' });
    expect((await loser.next('bid.updated')).data).toEqual({ jobId: job.id, bidId: placed[0]!.id, status: 'rejected' });
    expect((await ownerStream.next('job.updated')).data).toEqual({ jobId: job.id, status: 'in_progress' });
    for (const stream of [ownerStream, winner, loser]) stream.close();
  });

  it('sends each refunded bidder their new balance when the owner cancels', async () => {
    const { owner, job, providers, bids: placed } = await jobWithBids();
    const stream = await openEventStream(baseUrl, providers[2]!.cookie);
    const before = await balance(providers[2]!.user.id);
    await setStatus(owner, job.id, 'cancelled');
    // The bid's own credits.changed can still be on its way through LISTEN when the stream opens.
    const refunded = before + placed[2]!.creditsCost;
    expect((await stream.next('credits.changed', (d) => d.balance === refunded)).data).toEqual({ balance: refunded });
    expect((await stream.next('bid.updated')).data).toMatchObject({ status: 'rejected' });
    stream.close();
  });
});

describe('no dead leads', () => {
  it('expires open unhired jobs older than JOB_EXPIRY_DAYS with refunds, and leaves newer or hired jobs alone', async () => {
    const old = await jobWithBids();
    const fresh = await jobWithBids();
    const hired = await hiredJob();
    const past = new Date(Date.now() - 31 * DAY);
    for (const id of [old.job.id, hired.job.id]) {
      await t.app.db.update(jobs).set({ createdAt: past }).where(eq(jobs.id, id));
    }
    const before = await Promise.all(old.providers.map((p) => balance(p.user.id)));
    const expired = await expireStaleJobs(t.app.db, t.config.jobExpiryDays);
    expect(expired).toContain(old.job.id);
    expect(expired).not.toContain(fresh.job.id);
    expect(expired).not.toContain(hired.job.id);
    expect((await jobRow(old.job.id)).status).toBe('cancelled');
    expect((await jobRow(fresh.job.id)).status).toBe('open');
    expect((await jobRow(hired.job.id)).status).toBe('in_progress');
    for (const [i, provider] of old.providers.entries()) {
      expect(await balance(provider.user.id)).toBe(before[i]! + old.bids[i]!.creditsCost);
    }
    await assertLedgerInvariant(t.app.db);
  });

  it('refunds each bid once when four sweeps run at the same time', async () => {
    const setups = await Promise.all([jobWithBids(), jobWithBids(), jobWithBids(), jobWithBids(), jobWithBids()]);
    const past = new Date(Date.now() - 40 * DAY);
    for (const { job } of setups) await t.app.db.update(jobs).set({ createdAt: past }).where(eq(jobs.id, job.id));
    const before = await Promise.all(setups.flatMap((s) => s.providers.map((p) => balance(p.user.id))));

    const results = await Promise.all([1, 2, 3, 4].map(() => expireStaleJobs(t.app.db, 30)));
    const all = results.flat();
    const ours = setups.map((s) => s.job.id);
    // One winner per job: each of ours was expired by exactly one caller.
    for (const id of ours) expect(all.filter((x) => x === id)).toHaveLength(1);

    const after = await Promise.all(setups.flatMap((s) => s.providers.map((p) => balance(p.user.id))));
    const costs = setups.flatMap((s) => s.bids.map((b) => b.creditsCost));
    expect(after).toEqual(before.map((b, i) => b + costs[i]!));
    for (const bid of setups.flatMap((s) => s.bids)) expect(await refundsOf(bid.id)).toHaveLength(1);
    await assertLedgerInvariant(t.app.db);
  });
});

describe('milestones', () => {
  it('lets the owner add milestones and either side complete them, with the progress rounded', async () => {
    const { owner, job, hired, providers } = await hiredJob();
    const titles = ['Remove old heater', 'Install new heater', 'Test and clean up'];
    const created = [];
    for (const title of titles) {
      const response = await call(owner, 'POST', `/api/jobs/${job.id}/milestones`, { title: `  ${title} ` });
      expect(response.statusCode).toBe(201);
      created.push(response.json());
    }
    expect(created.map((m) => m.title)).toEqual(titles);
    const progress = async () =>
      ((await call(owner, 'GET', '/api/jobs/tracking')).json() as { id: string; progressPercentage: number }[]).find(
        (p) => p.id === job.id,
      )!.progressPercentage;
    expect(await progress()).toBe(0);
    const done = await call(hired, 'PATCH', `/api/jobs/${job.id}/milestones/${created[0].id}`, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed' });
    expect(await progress()).toBe(33);
    await call(owner, 'PATCH', `/api/jobs/${job.id}/milestones/${created[1].id}`, { status: 'completed' });
    expect(await progress()).toBe(67);

    const list = (await call(hired, 'GET', `/api/jobs/${job.id}/milestones`)).json();
    expect(list.map((m: { status: string }) => m.status)).toEqual(['completed', 'completed', 'pending']);
    // A rejected bidder is not part of the project.
    expect((await call(providers[0]!, 'GET', `/api/jobs/${job.id}/milestones`)).statusCode).toBe(404);
    expect(
      (await call(providers[0]!, 'PATCH', `/api/jobs/${job.id}/milestones/${created[2].id}`, { status: 'completed' }))
        .statusCode,
    ).toBe(404);
    expect((await call(hired, 'POST', `/api/jobs/${job.id}/milestones`, { title: 'More' })).json().code).toBe(
      'not_job_owner',
    );
    expect((await call(owner, 'POST', `/api/jobs/${job.id}/milestones`, { title: '   ' })).statusCode).toBe(400);
    expect(
      (await call(owner, 'PATCH', `/api/jobs/${job.id}/milestones/nope`, { status: 'completed' })).statusCode,
    ).toBe(404);
  });

  it('refuses milestones on a job that is not in progress with 409', async () => {
    const { owner, job } = await jobWithBids();
    const response = await call(owner, 'POST', `/api/jobs/${job.id}/milestones`, { title: 'Too early' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('job_not_in_progress');
  });
});

describe('reviews', () => {
  it('lets the owner review the hired provider of a completed job once, with sub-ratings, and updates the summary', async () => {
    const { owner, job, hired } = await hiredJob();
    const [profile] = await t.app.db
      .insert(businessProfiles)
      .values({ userId: hired.user.id, businessName: 'Heater Pros', businessType: 'llc', description: 'Water heaters' })
      .returning();
    const [category] = await t.app.db.select({ id: categories.id }).from(categories).limit(1);
    await t.app.db.insert(serviceCapabilities).values({ businessProfileId: profile!.id, categoryId: category!.id });
    const early = await call(owner, 'POST', `/api/jobs/${job.id}/review`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('job_not_completed');
    await setStatus(owner, job.id, 'completed');

    expect((await call(hired, 'POST', `/api/jobs/${job.id}/review`, { rating: 5 })).statusCode).toBe(403);
    for (const rating of [0, 6, 2.5, 'five']) {
      expect((await call(owner, 'POST', `/api/jobs/${job.id}/review`, { rating })).statusCode).toBe(400);
    }
    const review = await call(owner, 'POST', `/api/jobs/${job.id}/review`, {
      rating: 4,
      comment: ' Tidy and on time ',
      qualityRating: 5,
      timelinessRating: 4,
      communicationRating: 3,
      valueRating: 4,
    });
    expect(review.statusCode).toBe(201);
    expect(review.json()).toMatchObject({ rating: 4, comment: 'Tidy and on time', revieweeId: hired.user.id });
    const twice = await call(owner, 'POST', `/api/jobs/${job.id}/review`, { rating: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('already_reviewed');

    const [summary] = await t.app.db
      .select()
      .from(providerRatingSummaries)
      .where(eq(providerRatingSummaries.businessProfileId, profile!.id));
    expect(summary).toMatchObject({
      totalRatings: 1,
      averageRating: '4.00',
      fourStarCount: 1,
      qualityRating: '5.00',
      communicationRating: '3.00',
    });
    // The directory's rank reads the average off the profile and its services (decision 047).
    const [ranked] = await t.app.db
      .select({ rating: businessProfiles.rating })
      .from(businessProfiles)
      .where(eq(businessProfiles.id, profile!.id));
    expect(ranked).toEqual({ rating: '4.00' });
    const services = await t.app.db
      .select({ rating: serviceCapabilities.rankRating })
      .from(serviceCapabilities)
      .where(eq(serviceCapabilities.businessProfileId, profile!.id));
    expect(services).toEqual([{ rating: '4.00' }]);
    const tracked = (await call(owner, 'GET', '/api/jobs/tracking?status=completed')).json();
    expect(tracked.find((j: { id: string }) => j.id === job.id)).toMatchObject({ isReviewed: true });
  });

  it('counts a review earned before the provider had a business profile once the profile exists', async () => {
    const { owner, job, hired } = await hiredJob();
    expect((await setStatus(owner, job.id, 'completed')).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/api/jobs/${job.id}/review`, { rating: 3, valueRating: 2 })).statusCode).toBe(
      201,
    );
    const created = await call(hired, 'POST', '/api/business-profile', {
      businessName: 'Late Starter Repairs',
      businessType: 'llc',
      description: 'Repairs of every kind, done right.',
      phone: '5125550199',
    });
    expect(created.statusCode).toBe(201);
    const showcase = (await call(owner, 'GET', `/api/provider/${hired.user.id}/showcase`)).json();
    expect(showcase).toMatchObject({ averageRating: 3, totalReviews: 1, valueRating: 2 });
  });
});

describe('tracking', () => {
  it('lists the customer’s jobs and the jobs a provider is hired on, filtered by status', async () => {
    const { owner, job, hired, providers } = await hiredJob();
    const openJob = await createJob(t.app.db, owner.user.id, { title: 'Paint the fence' });
    await call(hired, 'POST', '/api/messages', { jobId: job.id, receiverId: owner.user.id, content: 'On my way' });

    const mine = (await call(owner, 'GET', '/api/jobs/tracking')).json();
    expect(mine.map((j: { id: string }) => j.id).sort()).toEqual([job.id, openJob.id].sort());
    const inProgress = mine.find((j: { id: string }) => j.id === job.id);
    expect(inProgress).toMatchObject({
      title: 'Replace the water heater',
      status: 'in_progress',
      budgetMin: '100.00',
      budgetMax: '300.00',
      acceptedProvider: { id: hired.user.id, businessName: null },
      unreadMessages: 1,
      totalBids: 3,
      isOwner: true,
    });
    expect(mine.find((j: { id: string }) => j.id === openJob.id)).toMatchObject({
      acceptedProvider: null,
      totalBids: 0,
    });

    const filtered = (await call(owner, 'GET', '/api/jobs/tracking?status=open')).json();
    expect(filtered.map((j: { id: string }) => j.id)).toEqual([openJob.id]);
    const providerView = (await call(hired, 'GET', '/api/jobs/tracking')).json();
    expect(providerView.map((j: { id: string }) => j.id)).toEqual([job.id]);
    expect(providerView[0]).toMatchObject({ isOwner: false, totalBids: 0 });
    expect((await call(providers[0]!, 'GET', '/api/jobs/tracking')).json()).toEqual([]);
    expect((await call(owner, 'GET', '/api/jobs/tracking?status=paused')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/jobs/tracking')).statusCode).toBe(401);
  });
});

describe('demo activity', () => {
  it('seeds an in-progress job with milestones and messages, and a completed reviewed job', async () => {
    const demo = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const account = DEMO_ACCOUNTS.find((a) => a.role === 'customer')!;
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: DEMO_PASSWORD },
      });
      const session = { cookie: sessionCookie(login), user: login.json() };
      const tracked = (await as(demo.app, session)({ method: 'GET', url: '/api/jobs/tracking' })).json();
      expect(tracked.find((j: { status: string }) => j.status === 'in_progress')).toMatchObject({
        progressPercentage: 67,
        unreadMessages: 1,
        acceptedProvider: { name: 'James Carter' },
      });
      expect(tracked.find((j: { status: string }) => j.status === 'completed')).toMatchObject({ isReviewed: true });
      const conversations = (await as(demo.app, session)({ method: 'GET', url: '/api/conversations' })).json();
      expect(conversations).toHaveLength(2);
      await assertLedgerInvariant(demo.app.db);
    } finally {
      await demo.close();
    }
  });
});

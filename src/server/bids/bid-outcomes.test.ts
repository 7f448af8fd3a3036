import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant, balanceOf } from '#server/test/ledger.js';
import { expireStaleJobs } from '#server/projects/index.js';
import { refundUnviewedBids } from './make-good.js';

// docs/contract.md §3.9: when the owner views a bid, and the owner's decline ('Not for me').

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  as(t.app, session)({ method, url, ...(payload ? { payload } : {}) });
const placeBid = async (provider: Session, jobId: string) => {
  const response = await call(provider, 'POST', `/api/jobs/${jobId}/bids`, { amount: '250' });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; creditsCost: number; viewedAt: string | null };
};
const myBid = async (provider: Session, bidId: string) => {
  const response = await call(provider, 'GET', '/api/my-bids');
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string; viewedAt: string | null; status: string }[]).find((b) => b.id === bidId)!;
};
const decline = (session: Session | null, jobId: string, bidId: string) =>
  call(session, 'POST', `/api/jobs/${jobId}/bids/${bidId}/decline`);
const balance = (userId: string) => balanceOf(t.app.db, userId);
const emailsTo = (email: string) =>
  t.app.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(desc(emailOutbox.createdAt));

describe('viewedAt', () => {
  it('is null until the owner is served their bid list, then set once for every bid in it', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const [a, b] = [await makeProvider(t.app, 50), await makeProvider(t.app, 50)];
    const bidA = await placeBid(a, job.id);
    const bidB = await placeBid(b, job.id);
    expect(bidA.viewedAt).toBeNull();

    // The provider reading their own bid, the job itself and the dashboards view nothing.
    expect((await call(a, 'GET', `/api/jobs/${job.id}/bids`)).json()[0].viewedAt).toBeNull();
    expect((await call(owner, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/my-jobs')).statusCode).toBe(200);
    expect((await myBid(a, bidA.id)).viewedAt).toBeNull();

    const list = (await call(owner, 'GET', `/api/jobs/${job.id}/bids`)).json() as { id: string; viewedAt: string }[];
    expect(list.map((x) => x.viewedAt)).toEqual([expect.any(String), expect.any(String)]);
    const viewedA = (await myBid(a, bidA.id)).viewedAt;
    expect(viewedA).toBe(list.find((x) => x.id === bidA.id)!.viewedAt);
    expect((await myBid(b, bidB.id)).viewedAt).toEqual(expect.any(String));

    // A bid placed after the owner's last look stays unviewed; the next look views it and keeps the first time.
    const c = await makeProvider(t.app, 50);
    const bidC = await placeBid(c, job.id);
    expect((await myBid(c, bidC.id)).viewedAt).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(owner, 'GET', `/api/jobs/${job.id}/bids`);
    expect((await myBid(c, bidC.id)).viewedAt).toEqual(expect.any(String));
    expect((await myBid(a, bidA.id)).viewedAt).toBe(viewedA);
  });
});

describe('declining a bid', () => {
  it('rejects it without a refund, views it, and tells the provider by event and by email in their language', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id, { title: 'Fence repair' });
    const provider = await makeProvider(t.app, 50);
    expect((await call(provider, 'PATCH', '/api/auth/user', { language: 'es' })).statusCode).toBe(200);
    const placed = await placeBid(provider, job.id);
    const before = await balance(provider.user.id);
    const stream = await openEventStream(baseUrl, provider.cookie);

    const response = await decline(owner, job.id, placed.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: placed.id, status: 'rejected', viewedAt: expect.any(String) });
    expect(await balance(provider.user.id)).toBe(before);
    expect((await stream.next('bid.declined')).data).toEqual({ jobId: job.id, bidId: placed.id, status: 'rejected' });
    stream.close();
    expect((await myBid(provider, placed.id)).status).toBe('rejected');
    const [mail] = await emailsTo(provider.user.email);
    expect(mail!.subject).toBe('Oferta rechazada: Fence repair');
    await assertLedgerInvariant(t.app.db);

    // Declined already: not pending any more.
    const again = await decline(owner, job.id, placed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('bid_not_pending');
  });

  it('is the owner’s alone, and names an unknown bid', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 50);
    const placed = await placeBid(provider, job.id);
    for (const someone of [provider, await signUp(t.app)]) {
      const refused = await decline(someone, job.id, placed.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('not_job_owner');
    }
    expect((await decline(null, job.id, placed.id)).statusCode).toBe(401);
    expect((await decline(owner, job.id, 'nope')).json().code).toBe('bid_not_found');
    expect((await decline(owner, job.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await decline(owner, 'nope', placed.id)).statusCode).toBe(404);
    expect((await myBid(provider, placed.id)).status).toBe('pending');
  });

  it('and a hire of the same bid, sent together, never both succeed: the bid ends as the one that did says', async () => {
    // bench:chaos found a declined bid hired: the hire read it pending, the decline committed, the hire accepted it.
    for (let round = 0; round < 8; round++) {
      const owner = await signUp(t.app);
      const job = await createJob(t.app.db, owner.user.id);
      const provider = await makeProvider(t.app, 50);
      const bid = await placeBid(provider, job.id);
      const [declined, hired] = await Promise.all([
        decline(owner, job.id, bid.id),
        call(owner, 'POST', `/api/jobs/${job.id}/bids/${bid.id}/accept`),
      ]);
      const ok = [declined.statusCode, hired.statusCode].filter((status) => status === 200);
      expect(ok, `decline ${declined.statusCode}, hire ${hired.statusCode}`).toHaveLength(1);
      expect((await myBid(provider, bid.id)).status).toBe(declined.statusCode === 200 ? 'rejected' : 'accepted');
    }
  });

  it('loses to a hire of another bid (the bid is no longer pending)', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const [a, b] = [await makeProvider(t.app, 50), await makeProvider(t.app, 50)];
    const bidA = await placeBid(a, job.id);
    const bidB = await placeBid(b, job.id);
    expect((await call(owner, 'POST', `/api/jobs/${job.id}/bids/${bidA.id}/accept`)).statusCode).toBe(200);
    const late = await decline(owner, job.id, bidB.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('bid_not_pending');
  });
});

describe('the timeline', () => {
  type Entry = { type: string; at: string; reason?: string };
  const timeline = async (provider: Session, bidId: string) => {
    const mine = (await call(provider, 'GET', '/api/my-bids')).json() as { id: string; timeline: Entry[] }[];
    return mine.find((b) => b.id === bidId)!.timeline;
  };
  const types = (entries: Entry[]) => entries.map((e) => (e.reason ? `${e.type}:${e.reason}` : e.type));

  it('tells each provider what became of their bid, in time order, on my-bids and on the job page', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const [a, b, c] = [await makeProvider(t.app, 50), await makeProvider(t.app, 50), await makeProvider(t.app, 50)];
    const bidA = await placeBid(a, job.id);
    const bidB = await placeBid(b, job.id);
    expect(types(await timeline(a, bidA.id))).toEqual(['placed']);
    await call(owner, 'GET', `/api/jobs/${job.id}/bids`);
    const bidC = await placeBid(c, job.id);
    expect(types(await timeline(a, bidA.id))).toEqual(['placed', 'viewed']);
    expect((await decline(owner, job.id, bidB.id)).statusCode).toBe(200);
    expect(types(await timeline(b, bidB.id))).toEqual(['placed', 'viewed', 'declined']);
    expect((await call(owner, 'POST', `/api/jobs/${job.id}/bids/${bidA.id}/accept`)).statusCode).toBe(200);
    expect(types(await timeline(a, bidA.id))).toEqual(['placed', 'viewed', 'hired']);
    expect(types(await timeline(c, bidC.id))).toEqual(['placed', 'not_selected']);
    const entries = await timeline(a, bidA.id);
    expect([...entries].sort((x, y) => x.at.localeCompare(y.at))).toEqual(entries);

    // The job page: a bidder's own bid carries it; the owner's list does not.
    const own = (await call(c, 'GET', `/api/jobs/${job.id}/bids`)).json() as { timeline?: Entry[] }[];
    expect(types(own[0]!.timeline!)).toEqual(['placed', 'not_selected']);
    const owners = (await call(owner, 'GET', `/api/jobs/${job.id}/bids`)).json() as { timeline?: Entry[] }[];
    expect(owners.every((x) => x.timeline === undefined)).toBe(true);
  });

  it('names the refund reason: a cancelled job, and an unseen bid', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 50);
    const placed = await placeBid(provider, job.id);
    expect((await call(owner, 'PATCH', `/api/jobs/${job.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(types(await timeline(provider, placed.id))).toEqual(['placed', 'job_cancelled', 'refunded:job_cancelled']);

    const other = await createJob(t.app.db, owner.user.id);
    const unseen = await placeBid(provider, other.id);
    await refundUnviewedBids(t.app.db, 1, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(types(await timeline(provider, unseen.id))).toEqual(['placed', 'refunded:not_viewed']);

    const stale = await createJob(t.app.db, owner.user.id);
    const expiring = await placeBid(provider, stale.id);
    await call(owner, 'GET', `/api/jobs/${stale.id}/bids`);
    expect(await expireStaleJobs(t.app.db, 30, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000))).toContain(stale.id);
    expect(types(await timeline(provider, expiring.id))).toEqual([
      'placed',
      'viewed',
      'job_expired',
      'refunded:job_expired',
    ]);
  });
});

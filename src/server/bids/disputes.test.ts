import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, categories, emailOutbox } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJob, makeProvider, signUpOperator } from '#server/test/factories.js';
import { assertLedgerInvariant, balanceOf, bidRefunds } from '#server/test/ledger.js';
import { expireStaleJobs } from '#server/projects/index.js';
import { refundUnviewedBids } from './make-good.js';

// docs/contract.md §3.9 (disputes) and §5 (a bid's credits back at most once), docs/decisions/041-bid-disputes.md.

const OPERATOR = 'disputes-ops@example.com';
let t: TestApp;
let operator: Session;
let categoryIds: number[];
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0', JOB_BID_CAP: '0', ADMIN_EMAILS: OPERATOR });
  operator = await signUpOperator(t.app, OPERATOR);
  categoryIds = (await t.app.db.select({ id: categories.id }).from(categories).orderBy(categories.id)).map((c) => c.id);
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
const dispute = (provider: Session | null, bidId: string, reason = 'spam', details?: string) =>
  call(provider, 'POST', `/api/bids/${bidId}/dispute`, { reason, ...(details !== undefined ? { details } : {}) });
const decide = (session: Session | null, id: string, decision: 'approve' | 'refuse', note?: string) =>
  call(session, 'POST', `/api/admin/disputes/${id}/decide`, { decision, ...(note ? { note } : {}) });
const balance = (userId: string) => balanceOf(t.app.db, userId);
const refunds = (bidId: string) => bidRefunds(t.app.db, bidId);
const lastEmail = async (email: string) =>
  (
    await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1)
  )[0];
type Entry = { type: string; reason?: string };
const timeline = async (provider: Session, bidId: string) => {
  const mine = (await call(provider, 'GET', '/api/my-bids')).json() as { id: string; timeline: Entry[] }[];
  return mine.find((b) => b.id === bidId)!.timeline.map((e) => (e.reason ? `${e.type}:${e.reason}` : e.type));
};
const spanish = async (session: Session) =>
  expect((await call(session, 'PATCH', '/api/auth/user', { language: 'es' })).statusCode).toBe(200);
/** A provider's pending bid on a fresh job: the owner, the job, the provider and the bid. */
async function bidOnNewJob(credits = 100, tier = 'regular') {
  const owner = await signUp(t.app);
  const job = await createJob(t.app.db, owner.user.id);
  const provider = await makeProvider(t.app, credits);
  const bid = await placeBid(provider, job.id, tier);
  return { owner, job, provider, bid };
}

describe('POST /api/bids/{bidId}/dispute', () => {
  it('opens a dispute on the provider’s own bid: 201 with the §3.9 shape, on my-disputes and the timeline', async () => {
    const { provider, bid, job } = await bidOnNewJob();
    const before = await balance(provider.user.id);
    const response = await dispute(provider, bid.id, 'unreachable_customer', '  Never answered three calls  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      bidId: bid.id,
      reason: 'unreachable_customer',
      details: 'Never answered three calls',
      status: 'open',
      decidedAt: null,
      note: null,
      createdAt: expect.any(String),
    });
    expect(await balance(provider.user.id)).toBe(before);
    const mine = (await call(provider, 'GET', '/api/my-disputes')).json() as { id: string; jobTitle: string }[];
    expect(mine).toEqual([expect.objectContaining({ id: response.json().id, jobId: job.id, jobTitle: job.title })]);
    expect(await timeline(provider, bid.id)).toEqual(['placed', 'disputed']);
    // Another provider's list holds none of it.
    expect((await call(await makeProvider(t.app), 'GET', '/api/my-disputes')).json()).toEqual([]);
  });

  it('refuses, in order: someone else’s bid, already_disputed, dispute_window_closed, already_refunded', async () => {
    const { owner, provider, bid } = await bidOnNewJob();
    for (const someone of [owner, await makeProvider(t.app), operator]) {
      const refused = await dispute(someone, bid.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('bid_not_found');
    }
    expect((await dispute(null, bid.id)).statusCode).toBe(401);
    expect((await dispute(provider, 'nope')).statusCode).toBe(404);
    expect((await dispute(provider, '00000000-0000-4000-8000-000000000000')).json().code).toBe('bid_not_found');
    const badReason = await dispute(provider, bid.id, 'too_expensive');
    expect(badReason.statusCode).toBe(400);
    expect((await dispute(provider, bid.id, 'other', 'x'.repeat(1001))).statusCode).toBe(400);

    expect((await dispute(provider, bid.id)).statusCode).toBe(201);
    const twice = await dispute(provider, bid.id, 'other');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('already_disputed');

    // 14 days: a bid placed 15 days ago can no longer be disputed.
    const old = await bidOnNewJob();
    await t.app.db
      .update(bids)
      .set({ createdAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(bids.id, old.bid.id));
    const late = await dispute(old.provider, old.bid.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('dispute_window_closed');

    // Refunded already (the owner cancelled): already_refunded; and a disputed bid refunded later: already_disputed.
    const refunded = await bidOnNewJob();
    const disputedFirst = await placeBid(provider, refunded.job.id);
    expect((await dispute(provider, disputedFirst.id)).statusCode).toBe(201);
    expect(
      (await call(refunded.owner, 'PATCH', `/api/jobs/${refunded.job.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    const already = await dispute(refunded.provider, refunded.bid.id);
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('already_refunded');
    expect((await dispute(provider, disputedFirst.id)).json().code).toBe('already_disputed');
  });

  it('approves a verifiable duplicate_job at once: 201 approved, the credits back, the timeline and an email', async () => {
    const owner = await signUp(t.app);
    const [category, otherCategory] = categoryIds as [number, number];
    await createJob(t.app.db, owner.user.id, { categoryId: category, createdAt: new Date(Date.now() - 3 * DAY) });
    const job = await createJob(t.app.db, owner.user.id, { categoryId: category, title: 'Patio pavers' });
    const provider = await makeProvider(t.app, 100);
    await spanish(provider);
    const bid = await placeBid(provider, job.id, 'block');
    const before = await balance(provider.user.id);

    const response = await dispute(provider, bid.id, 'duplicate_job');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    expect(await balance(provider.user.id)).toBe(before + 50);
    expect(await refunds(bid.id)).toHaveLength(1);
    expect(await timeline(provider, bid.id)).toEqual(['placed', 'disputed', 'refunded:dispute_approved']);
    expect((await lastEmail(provider.user.email))!.subject).toBe('Reclamación aprobada: Patio pavers');
    // Nothing for the operators to do.
    const queue = (await call(operator, 'GET', '/api/admin/disputes?status=open')).json() as { id: string }[];
    expect(queue.map((d) => d.id)).not.toContain(response.json().id);

    // Not verifiable: another ZIP, another category, more than 7 days before, or another owner's job: it waits.
    const cases = [
      { zipCode: '10001', categoryId: category, createdAt: new Date(Date.now() - DAY) },
      { categoryId: otherCategory, createdAt: new Date(Date.now() - DAY) },
      { categoryId: category, createdAt: new Date(Date.now() - 8 * DAY) },
    ];
    for (const twin of cases) {
      const someone = await signUp(t.app);
      await createJob(t.app.db, someone.user.id, twin);
      const later = await createJob(t.app.db, someone.user.id, { categoryId: category });
      const placed = await placeBid(provider, later.id);
      const open = await dispute(provider, placed.id, 'duplicate_job');
      expect(open.json().status).toBe('open');
      expect(await refunds(placed.id)).toHaveLength(0);
    }
    const stranger = await signUp(t.app);
    const theirs = await createJob(t.app.db, stranger.user.id, { categoryId: category });
    const placed = await placeBid(provider, theirs.id);
    expect((await dispute(provider, placed.id, 'duplicate_job')).json().status).toBe('open');
    await assertLedgerInvariant(t.app.db);
  });
});

describe('the operators’ queue and decisions', () => {
  it('is for operators only', async () => {
    const provider = await makeProvider(t.app);
    expect((await call(provider, 'GET', '/api/admin/disputes')).json().code).toBe('not_admin');
    expect((await call(null, 'GET', '/api/admin/disputes')).statusCode).toBe(401);
    const { provider: p, bid } = await bidOnNewJob();
    const opened = (await dispute(p, bid.id)).json() as { id: string };
    const refused = await decide(p, opened.id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_admin');
    expect((await call(operator, 'GET', '/api/admin/disputes?status=maybe')).statusCode).toBe(400);
    expect((await decide(operator, 'nope', 'approve')).json().code).toBe('dispute_not_found');
    expect((await decide(operator, '00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    expect(
      (await call(operator, 'POST', `/api/admin/disputes/${opened.id}/decide`, { decision: 'x' })).statusCode,
    ).toBe(400);
  });

  it('lists open disputes oldest first, with the job, the bid and the provider’s reason and details', async () => {
    const first = await bidOnNewJob();
    const second = await bidOnNewJob();
    const a = (await dispute(first.provider, first.bid.id, 'outside_area', 'ZIP is 200 miles away')).json();
    const b = (await dispute(second.provider, second.bid.id, 'wrong_category')).json();
    const queue = (await call(operator, 'GET', '/api/admin/disputes?status=open')).json() as {
      id: string;
      createdAt: string;
    }[];
    const ids = queue.map((d) => d.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect([...queue].sort((x, y) => x.createdAt.localeCompare(y.createdAt)).map((d) => d.id)).toEqual(ids);
    expect(queue.find((d) => d.id === a.id)).toMatchObject({
      reason: 'outside_area',
      details: 'ZIP is 200 miles away',
      status: 'open',
      provider: { id: first.provider.user.id, email: first.provider.user.email },
      job: { id: first.job.id, title: first.job.title, zipCode: first.job.zipCode },
      bid: { amount: '250.00', tier: 'regular', creditsCost: 9, status: 'pending' },
    });
  });

  it('approves once: the credits back through the ledger, a second decision already_decided, emails in en and es', async () => {
    const { provider, bid, job } = await bidOnNewJob(100, 'bust');
    const opened = (await dispute(provider, bid.id, 'spam', 'Fake listing')).json() as { id: string };
    const before = await balance(provider.user.id);
    const approved = await decide(operator, opened.id, 'approve', 'Confirmed spam');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: opened.id, status: 'approved', note: 'Confirmed spam' });
    expect(await balance(provider.user.id)).toBe(before + 75);
    const [row] = await refunds(bid.id);
    expect(row).toMatchObject({ amount: 75, userId: provider.user.id });
    const email = await lastEmail(provider.user.email);
    expect(email!.subject).toBe(`Dispute approved: ${job.title}`);
    expect(email!.textBody).toContain('Confirmed spam');
    expect(await timeline(provider, bid.id)).toEqual(['placed', 'disputed', 'refunded:dispute_approved']);

    for (const decision of ['approve', 'refuse'] as const) {
      const again = await decide(operator, opened.id, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('already_decided');
    }
    expect(await balance(provider.user.id)).toBe(before + 75);
    expect((await call(operator, 'GET', '/api/admin/disputes?status=open')).json()).not.toContainEqual(
      expect.objectContaining({ id: opened.id }),
    );
    const mine = (await call(provider, 'GET', '/api/my-disputes')).json() as { id: string; status: string }[];
    expect(mine.find((d) => d.id === opened.id)!.status).toBe('approved');

    // A refunded bid that is still pending keeps its place, and a later cancellation gives nothing more.
    expect(await refundUnviewedBids(t.app.db, 1, new Date(Date.now() + 2 * 60 * 60 * 1000))).not.toContain(bid.id);
    expect(await refunds(bid.id)).toHaveLength(1);
    await assertLedgerInvariant(t.app.db);
  });

  it('refuses with a note: no ledger entry, the timeline says so, the email in the provider’s language', async () => {
    const { provider, bid, job } = await bidOnNewJob();
    await spanish(provider);
    const opened = (await dispute(provider, bid.id, 'other')).json() as { id: string };
    const before = await balance(provider.user.id);
    const refused = await decide(operator, opened.id, 'refuse', 'El cliente sí respondió');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', note: 'El cliente sí respondió' });
    expect(await balance(provider.user.id)).toBe(before);
    expect(await refunds(bid.id)).toHaveLength(0);
    expect(await timeline(provider, bid.id)).toEqual(['placed', 'disputed', 'dispute_refused']);
    const email = await lastEmail(provider.user.email);
    expect(email!.subject).toBe(`Reclamación rechazada: ${job.title}`);
    expect(email!.textBody).toContain('El cliente sí respondió');
    expect((await decide(operator, opened.id, 'approve')).json().code).toBe('already_decided');
    expect(await refunds(bid.id)).toHaveLength(0);
  });

  it('approving a bid whose credits came back meanwhile adds nothing, and says so', async () => {
    const { owner, provider, bid, job } = await bidOnNewJob();
    const opened = (await dispute(provider, bid.id, 'unreachable_customer')).json() as { id: string };
    expect((await call(owner, 'PATCH', `/api/jobs/${job.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const before = await balance(provider.user.id);
    expect((await decide(operator, opened.id, 'approve')).json().status).toBe('approved');
    expect(await balance(provider.user.id)).toBe(before);
    expect(await refunds(bid.id)).toHaveLength(1);
    expect((await lastEmail(provider.user.email))!.textBody).toContain('had already come back');
    expect(await timeline(provider, bid.id)).toEqual(['placed', 'disputed', 'job_cancelled', 'refunded:job_cancelled']);
  });
});

describe('credits back at most once, concurrently (docs/contract.md §5)', () => {
  const ROUNDS = 8;
  const FAR = () => new Date(Date.now() + 400 * DAY);
  const racers: Record<string, (owner: Session, jobId: string, disputeId: string) => Promise<unknown>> = {
    cancel: (owner, jobId) => call(owner, 'PATCH', `/api/jobs/${jobId}/status`, { status: 'cancelled' }),
    expiry: () => expireStaleJobs(t.app.db, 30, FAR()),
    'make-good': () => refundUnviewedBids(t.app.db, 1, FAR()),
    'a second decide': (_owner, _jobId, disputeId) => decide(operator, disputeId, 'approve'),
  };
  for (const [name, race] of Object.entries(racers)) {
    it(`dispute approval racing ${name}: each bid refunded exactly once (${ROUNDS} rounds)`, async () => {
      const provider = await makeProvider(t.app, 1000);
      for (let round = 0; round < ROUNDS; round++) {
        const owner = await signUp(t.app);
        const job = await createJob(t.app.db, owner.user.id);
        const bid = await placeBid(provider, job.id);
        const opened = (await dispute(provider, bid.id, 'spam')).json() as { id: string };
        const [approval] = await Promise.all([
          decide(operator, opened.id, 'approve'),
          race(owner, job.id, opened.id),
          race(owner, job.id, opened.id),
        ]);
        expect([200, 409]).toContain(approval.statusCode);
        expect(await refunds(bid.id)).toHaveLength(1);
      }
      expect(await balance(provider.user.id)).toBe(1000);
      await assertLedgerInvariant(t.app.db);
    });
  }

  it('the owner declining and a dispute racing: one dispute per bid, never a 500', async () => {
    const { owner, provider, bid, job } = await bidOnNewJob();
    const results = await Promise.all([
      dispute(provider, bid.id, 'spam'),
      dispute(provider, bid.id, 'other'),
      call(owner, 'POST', `/api/jobs/${job.id}/bids/${bid.id}/decline`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('already_disputed');
  });
});

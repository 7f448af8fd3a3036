import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, emailOutbox } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJob, makeProvider } from '#server/test/factories.js';
import { assertLedgerInvariant, balanceOf, bidRefunds } from '#server/test/ledger.js';
import { refundUnviewedBids } from './make-good.js';

// docs/contract.md §3.9 and §5: the make-good sweep, and a bid's credits back at most once.

let t: TestApp;
beforeAll(async () => {
  // The app's own sweep runs with the default 72 hours: these tests call it with a clock of their own.
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0', JOB_BID_CAP: '0' });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);
const mail = () => ({ config: t.config, origin: 'http://localhost' });
const call = (session: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  as(t.app, session)({ method, url, ...(payload ? { payload } : {}) });
const placeBid = async (provider: Session, jobId: string, tier = 'regular') => {
  const response = await call(provider, 'POST', `/api/jobs/${jobId}/bids`, { amount: '250', tier });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; creditsCost: number };
};
const balance = (userId: string) => balanceOf(t.app.db, userId);
const refunds = (bidId: string) => bidRefunds(t.app.db, bidId);
async function bidStatus(bidId: string) {
  const [row] = await t.app.db.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId));
  return row!.status;
}

describe('the make-good sweep', () => {
  it('gives an unviewed pending bid its whole cost back once, after the period, and the bid stays pending', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id, { title: 'Roof leak' });
    const provider = await makeProvider(t.app, 100);
    expect((await call(provider, 'PATCH', '/api/auth/user', { language: 'es' })).statusCode).toBe(200);
    const placed = await placeBid(provider, job.id, 'block');
    const before = await balance(provider.user.id);

    // Not yet due: nothing happens.
    expect(await refundUnviewedBids(t.app.db, 72, later(71), mail())).not.toContain(placed.id);
    expect(await balance(provider.user.id)).toBe(before);

    expect(await refundUnviewedBids(t.app.db, 72, later(73), mail())).toContain(placed.id);
    expect(await balance(provider.user.id)).toBe(before + 50);
    const [row] = await refunds(placed.id);
    expect(row).toMatchObject({ amount: 50, userId: provider.user.id });
    expect(await bidStatus(placed.id)).toBe('pending');
    // The database marks the bid refunded with its ledger row (decision 051): the sweep's index leaves it out.
    const [marked] = await t.app.db.select({ at: bids.refundedAt }).from(bids).where(eq(bids.id, placed.id));
    expect(marked!.at).toEqual(row!.createdAt);
    const [email] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, provider.user.email))
      .orderBy(desc(emailOutbox.createdAt));
    expect(email!.subject).toBe('Créditos devueltos por una oferta no vista: Roof leak');

    // Once: another run, and then the owner cancelling the job, give nothing more.
    expect(await refundUnviewedBids(t.app.db, 72, later(200), mail())).not.toContain(placed.id);
    expect((await call(owner, 'PATCH', `/api/jobs/${job.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await refunds(placed.id)).toHaveLength(1);
    expect(await balance(provider.user.id)).toBe(before + 50);
    await assertLedgerInvariant(t.app.db);
  });

  it('leaves a viewed bid alone, and a refunded bid can still be hired', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const [a, b] = [await makeProvider(t.app, 50), await makeProvider(t.app, 50)];
    const bidA = await placeBid(a, job.id);
    await call(owner, 'GET', `/api/jobs/${job.id}/bids`);
    const bidB = await placeBid(b, job.id);
    const refunded = await refundUnviewedBids(t.app.db, 1, later(2));
    expect(refunded).toContain(bidB.id);
    expect(refunded).not.toContain(bidA.id);
    expect(await refunds(bidA.id)).toHaveLength(0);
    expect((await call(owner, 'POST', `/api/jobs/${job.id}/bids/${bidB.id}/accept`)).statusCode).toBe(200);
    expect(await bidStatus(bidB.id)).toBe('accepted');
    await assertLedgerInvariant(t.app.db);
  });

  it('refunds each bid at most once when the owner cancels while sweeps run (20 rounds)', async () => {
    const provider = [await makeProvider(t.app, 1000), await makeProvider(t.app, 1000)];
    for (let round = 0; round < 20; round++) {
      const owner = await signUp(t.app);
      const job = await createJob(t.app.db, owner.user.id);
      const placed = [await placeBid(provider[0]!, job.id), await placeBid(provider[1]!, job.id)];
      const now = later(100);
      const [cancel] = await Promise.all([
        call(owner, 'PATCH', `/api/jobs/${job.id}/status`, { status: 'cancelled' }),
        refundUnviewedBids(t.app.db, 72, now),
        refundUnviewedBids(t.app.db, 72, now),
      ]);
      expect(cancel.statusCode).toBe(200);
      for (const bid of placed) {
        expect(await refunds(bid.id)).toHaveLength(1);
        expect(await bidStatus(bid.id)).toBe('rejected');
      }
    }
    expect(await balance(provider[0]!.user.id)).toBe(1000);
    expect(await balance(provider[1]!.user.id)).toBe(1000);
    await assertLedgerInvariant(t.app.db);
  });
});

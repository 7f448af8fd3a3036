import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE, LIST_PAGE_MAX, NEXT_BEFORE_HEADER } from '#shared/paging.js';
import { bids } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJob, createJobs, makeProvider } from '#server/test/factories.js';

// GET /api/my-bids pages (docs/contract.md §3.3, docs/decisions/045-keyset-paging.md), and answers the bids on the
// jobs a screen shows (`jobIds`, decision 048).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
});
afterAll(() => t.close());

const get = (session: Session, url: string) => as(t.app, session)({ method: 'GET', url });
type Item = { id: string; jobTitle: string; createdAt: string };

/**
 * A provider with `count` bids on as many jobs, placed two by two at the same moment (a page boundary must not
 * lose or repeat a tie): bid n is on the job titled `job n`, and bid count-1 is the newest.
 */
async function providerWithBids(count: number) {
  const owner = await signUp(t.app);
  const provider = await makeProvider(t.app, 0);
  const base = Date.now() - count * 1000;
  const posted = await createJobs(t.app.db, owner.user.id, count);
  await t.app.db.insert(bids).values(
    posted.map((job) => {
      const n = Number(job.title.slice(4));
      return {
        jobId: job.id,
        providerId: provider.user.id,
        amount: '120.00',
        createdAt: new Date(base + Math.floor(n / 2) * 1000),
      };
    }),
  );
  return { owner, provider, jobs: posted };
}

/** One page: its items and the header that names the next one. */
async function page(session: Session, query: string) {
  const response = await get(session, `/api/my-bids${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json() as Item[], next: response.headers[NEXT_BEFORE_HEADER] as string | undefined };
}

describe('my bids, a page at a time', () => {
  it('answers the newest page first, then the next ones by X-Next-Before, to the end, ties in order', async () => {
    const { provider } = await providerWithBids(121);
    const first = await page(provider, '');
    expect(first.items).toHaveLength(LIST_PAGE);
    expect(first.items[0]!.jobTitle).toBe('job 120');
    expect(first.next).toBe(first.items.at(-1)!.id);
    const second = await page(provider, `?before=${first.next}`);
    expect(second.items).toHaveLength(LIST_PAGE);
    const third = await page(provider, `?before=${second.next}`);
    expect(third.items).toHaveLength(21);
    // The last page says no more follow.
    expect(third.next).toBeUndefined();
    const all = [...first.items, ...second.items, ...third.items];
    expect(new Set(all.map((bid) => bid.id)).size).toBe(121);
    // job 0 and job 1 were placed at the same moment: the oldest two, in either order.
    expect(new Set(all.slice(-2).map((bid) => bid.jobTitle))).toEqual(new Set(['job 0', 'job 1']));
    // Newest first across the pages; between two bids of the same moment, the id decides, the larger first.
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id), `${i}`).toBe(true);
    }
    expect(await page(provider, `?before=${all.at(-1)!.id}`)).toEqual({ items: [], next: undefined });
    // A page of 3 is the first three; the largest page holds them all and says nothing follows.
    expect((await page(provider, '?limit=3')).items).toEqual(all.slice(0, 3));
    const whole = await page(provider, `?limit=${LIST_PAGE_MAX}`);
    expect(whole.items).toEqual(all);
    expect(whole.next).toBeUndefined();
  });

  it('says nothing follows a page that ends exactly at the last bid', async () => {
    const { provider } = await providerWithBids(4);
    const first = await page(provider, '?limit=2');
    expect(first.next).toBe(first.items[1]!.id);
    const last = await page(provider, `?limit=2&before=${first.next}`);
    expect(last.items.map((bid) => bid.jobTitle).sort()).toEqual(['job 0', 'job 1']);
    expect(last.next).toBeUndefined();
  });

  it('refuses a malformed cursor or page size with 400, and another provider’s bid gives an empty page', async () => {
    const { provider } = await providerWithBids(2);
    for (const query of [
      '?before=nope',
      '?before=',
      '?limit=0',
      `?limit=${LIST_PAGE_MAX + 1}`,
      '?limit=x',
      '?limit=2.5',
    ]) {
      const response = await get(provider, `/api/my-bids${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', errors: [{ message: 'Invalid input' }] });
    }
    const other = await providerWithBids(1);
    const theirs = await page(other.provider, '');
    expect(await page(provider, `?before=${theirs.items[0]!.id}`)).toEqual({ items: [], next: undefined });
    // A job's id, or no row at all, is no bid of theirs either.
    const job = await createJob(t.app.db, other.owner.user.id);
    expect((await page(provider, `?before=${job.id}`)).items).toEqual([]);
  });
});

describe('my bids on the jobs a screen shows (jobIds)', () => {
  it('answers the bid on a job however old, for a provider with more than a page of bids', async () => {
    const { owner, provider, jobs } = await providerWithBids(LIST_PAGE + 21);
    const jobId = (n: number) => jobs.find((job) => job.title === `job ${n}`)!.id;
    // The oldest bid is not on the first page: a mark read from it would miss job 0.
    expect((await page(provider, '')).items.map((bid) => bid.jobTitle)).not.toContain('job 0');
    const unbid = await createJob(t.app.db, owner.user.id);
    const marks = await page(provider, `?jobIds=${[jobId(0), unbid.id, jobId(70)].join(',')}`);
    // Newest first, one bid a job; the job without a bid of theirs has none.
    expect(marks.items.map((bid) => bid.jobTitle)).toEqual(['job 70', 'job 0']);
    expect(marks.next).toBeUndefined();
    const all = (await page(provider, `?limit=${LIST_PAGE_MAX}`)).items;
    expect(marks.items).toEqual(all.filter((bid) => ['job 70', 'job 0'].includes(bid.jobTitle)));
    // Spaces around the ids are forgiven; a page's worth of ids is the most asked at once.
    const fifty = jobs.slice(0, LIST_PAGE).map((job) => job.id);
    expect((await page(provider, `?jobIds=${encodeURIComponent(` ${jobId(0)} , ${jobId(1)}`)}`)).items).toHaveLength(2);
    const most = await page(provider, `?jobIds=${fifty.join(',')}`);
    expect(most.items).toHaveLength(LIST_PAGE);
    expect(most.next).toBeUndefined();
    // Paged as the whole list is: two at a time, the second page after the first.
    const first = await page(provider, `?limit=2&jobIds=${fifty.slice(0, 3).join(',')}`);
    expect(first.items).toHaveLength(2);
    const rest = await page(provider, `?limit=2&jobIds=${fifty.slice(0, 3).join(',')}&before=${first.next}`);
    expect([...first.items, ...rest.items]).toEqual(
      (await page(provider, `?jobIds=${fifty.slice(0, 3).join(',')}`)).items,
    );
    expect(rest.next).toBeUndefined();
    // Another provider's bids on the same jobs are not theirs.
    const other = await makeProvider(t.app, 0);
    expect((await page(other, `?jobIds=${jobId(0)}`)).items).toEqual([]);
  });

  it('refuses an id that is no uuid, an empty list and more ids than a page with 400 and a code saying which', async () => {
    const { provider, jobs } = await providerWithBids(2);
    const ids = jobs.map((job) => job.id);
    const many = Array.from(
      { length: LIST_PAGE + 1 },
      (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    );
    for (const [query, code] of [
      ['?jobIds=', 'bids:validation_job_ids_invalid'],
      ['?jobIds=nope', 'bids:validation_job_ids_invalid'],
      [`?jobIds=${ids[0]},`, 'bids:validation_job_ids_invalid'],
      [`?jobIds=${ids[0]};${ids[1]}`, 'bids:validation_job_ids_invalid'],
      [`?jobIds=${many.join(',')}`, 'bids:validation_job_ids_max'],
      [`?jobIds=${ids[0]}&jobIds=${ids[1]}`, 'validation:repeated_parameter'],
    ] as const) {
      const response = await get(provider, `/api/my-bids${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { code: string; errors: { code: string; message: string }[] };
      expect(body.code, query).toBe('validation_error');
      expect(
        body.errors.map((error) => error.code),
        query,
      ).toContain(code);
    }
    // The message says what the limit is.
    const tooMany = await get(provider, `/api/my-bids?jobIds=${many.join(',')}`);
    expect(tooMany.json().errors).toContainEqual(expect.objectContaining({ message: 'At most 50 job ids' }));
  });
});

describe('my bid stats', () => {
  it('counts every bid of the provider, not the first page only', async () => {
    const { provider } = await providerWithBids(121);
    const oldest = (await page(provider, `?limit=${LIST_PAGE_MAX}`)).items.slice(-60).map((bid) => bid.id);
    await t.app.db.update(bids).set({ status: 'accepted' }).where(inArray(bids.id, oldest));
    const stats = await get(provider, '/api/my-bids/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ activeBids: 61, jobsWon: 60, totalEarnings: '7200.00', creditsSpent: 121 * 9 });
    const newcomer = await makeProvider(t.app, 0);
    expect((await get(newcomer, '/api/my-bids/stats')).json()).toEqual({
      activeBids: 0,
      jobsWon: 0,
      totalEarnings: '0.00',
      creditsSpent: 0,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE, LIST_PAGE_MAX, NEXT_BEFORE_HEADER } from '#shared/paging.js';
import { eq } from 'drizzle-orm';
import { businessProfiles, conversations, jobs, messages, users } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { createJobs, makeProvider } from '#server/test/factories.js';

// GET /api/conversations pages, latest activity first, and GET /api/conversations/{id} reads one wherever it is
// (docs/contract.md §3.3, docs/decisions/045-keyset-paging.md); GET /api/conversations?q= searches them and GET
// /api/conversations/unread counts the unread messages in all of them (decision 048).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
});
afterAll(() => t.close());

const get = (session: Session, url: string) => as(t.app, session)({ method: 'GET', url });
type Item = { id: string; jobTitle: string; otherParty: { id: string }; unreadCount: number };
/** When the conversations with messages started: before any of their messages. */
const STARTED = new Date('2026-01-01T00:00:00Z');

/**
 * A customer with `count` conversations with one provider, on as many jobs: conversation n is on the job titled
 * `job n`, with its last message at a time that grows with n, two by two at the same moment (a page boundary must
 * not lose or repeat a tie); the newest one, `job {count-1}`, has no message yet and ranks by when it started.
 */
async function customerWithConversations(count: number) {
  const customer = await signUp(t.app);
  const provider = await makeProvider(t.app, 0);
  const base = Date.now() - count * 1000;
  const posted = await createJobs(t.app.db, customer.user.id, count);
  const rows = await t.app.db
    .insert(conversations)
    .values(
      posted.map((job) => {
        const n = Number(job.title.slice(4));
        const at = new Date(base + Math.floor(n / 2) * 1000);
        return n === count - 1
          ? { jobId: job.id, customerId: customer.user.id, providerId: provider.user.id, createdAt: new Date() }
          : {
              jobId: job.id,
              customerId: customer.user.id,
              providerId: provider.user.id,
              createdAt: STARTED,
              lastMessageAt: at,
            };
      }),
    )
    .returning({ id: conversations.id, jobId: conversations.jobId });
  /** The conversation on the job titled `job n`. */
  const conversation = (n: number) => {
    const job = posted.find((row) => row.title === `job ${n}`)!;
    return { id: rows.find((row) => row.jobId === job.id)!.id, jobId: job.id };
  };
  return { customer, provider, conversation };
}

async function page(session: Session, query: string) {
  const response = await get(session, `/api/conversations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { items: response.json() as Item[], next: response.headers[NEXT_BEFORE_HEADER] as string | undefined };
}

describe('the conversation list, a page at a time', () => {
  it('answers the latest activity first, then the next pages by X-Next-Before, to the end, ties in order', async () => {
    const { customer, provider } = await customerWithConversations(121);
    const first = await page(customer, '');
    expect(first.items).toHaveLength(LIST_PAGE);
    // Started just now with no message yet: the latest activity.
    expect(first.items[0]!.jobTitle).toBe('job 120');
    expect(first.next).toBe(first.items.at(-1)!.id);
    const second = await page(customer, `?before=${first.next}`);
    const third = await page(customer, `?before=${second.next}`);
    expect(second.items).toHaveLength(LIST_PAGE);
    expect(third.items).toHaveLength(21);
    expect(third.next).toBeUndefined();
    const all = [...first.items, ...second.items, ...third.items];
    expect(new Set(all.map((c) => c.id)).size).toBe(121);
    const titles = all.map((c) => Number(c.jobTitle.slice(4)));
    // Latest first: each pair of the same moment together, the pairs in time order, the ids ordering each pair.
    expect(titles.map((n) => Math.floor(n / 2))).toEqual(
      [...titles].sort((a, b) => b - a).map((n) => Math.floor(n / 2)),
    );
    for (let i = 1; i < all.length; i += 1) {
      if (Math.floor(titles[i - 1]! / 2) === Math.floor(titles[i]! / 2)) expect(all[i - 1]!.id > all[i]!.id).toBe(true);
    }
    expect(await page(customer, `?before=${all.at(-1)!.id}`)).toEqual({ items: [], next: undefined });
    expect((await page(customer, '?limit=3')).items).toEqual(all.slice(0, 3));
    expect(await page(customer, `?limit=${LIST_PAGE_MAX}`)).toEqual({ items: all, next: undefined });
    // The provider's side of the same conversations pages the same way.
    const theirs = await page(provider, '?limit=100');
    expect(theirs.items.map((c) => c.id)).toEqual(all.slice(0, 100).map((c) => c.id));
    expect(theirs.next).toBe(all[99]!.id);
  });

  it('refuses a malformed cursor or page size with 400, and a conversation of others gives an empty page', async () => {
    const { customer } = await customerWithConversations(3);
    for (const query of ['?before=nope', '?before=', '?limit=0', `?limit=${LIST_PAGE_MAX + 1}`, '?limit=x']) {
      const response = await get(customer, `/api/conversations${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', errors: [{ message: 'Invalid input' }] });
    }
    const others = await customerWithConversations(2);
    const theirs = await page(others.customer, '');
    expect(await page(customer, `?before=${theirs.items[0]!.id}`)).toEqual({ items: [], next: undefined });
  });
});

describe('one conversation by id', () => {
  it('answers a conversation past the first page as the list shows it; 404 to anyone else', async () => {
    const { customer, provider } = await customerWithConversations(60);
    const all = (await page(customer, `?limit=${LIST_PAGE_MAX}`)).items;
    const deep = all.at(-1)!;
    expect((await page(customer, '')).items.map((c) => c.id)).not.toContain(deep.id);
    const one = await get(customer, `/api/conversations/${deep.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(deep);
    expect((await get(provider, `/api/conversations/${deep.id}`)).json().otherParty.id).toBe(customer.user.id);
    const outsider = await signUp(t.app);
    for (const id of [deep.id, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const response = await get(outsider, `/api/conversations/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('conversation_not_found');
    }
  });
});

/** A message of `from` to `to` on the conversation, unread, sent at `at` (its conversation's activity unchanged). */
async function unreadMessage(conversation: { id: string; jobId: string }, from: string, to: string, at = STARTED) {
  await t.app.db.insert(messages).values({
    conversationId: conversation.id,
    jobId: conversation.jobId,
    senderId: from,
    receiverId: to,
    content: 'Are you still there?',
    createdAt: at,
  });
}

describe('the unread total (the frame’s badge)', () => {
  it('counts the unread messages of every conversation, the 51st and beyond too, and falls as they are read', async () => {
    const { customer, provider, conversation } = await customerWithConversations(LIST_PAGE + 11);
    const oldest = conversation(0);
    await unreadMessage(oldest, provider.user.id, customer.user.id);
    await unreadMessage(oldest, provider.user.id, customer.user.id);
    await unreadMessage(conversation(LIST_PAGE + 9), provider.user.id, customer.user.id);
    // To the provider, not the customer: theirs to count.
    await unreadMessage(conversation(3), customer.user.id, provider.user.id);
    const first = await page(customer, '');
    expect(first.items.map((c) => c.id)).not.toContain(oldest.id);
    expect(first.items.reduce((sum, c) => sum + c.unreadCount, 0)).toBe(1);
    const total = async (session: Session) => {
      const response = await get(session, '/api/conversations/unread');
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number };
    };
    expect(await total(customer)).toEqual({ total: 3 });
    expect(await total(provider)).toEqual({ total: 1 });
    const read = await as(t.app, customer)({ method: 'POST', url: `/api/conversations/${oldest.id}/mark-read` });
    expect(read.json()).toEqual({ updated: 2 });
    expect(await total(customer)).toEqual({ total: 1 });
    expect(await total(await signUp(t.app))).toEqual({ total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations/unread' })).statusCode).toBe(401);
  });
});

describe('the conversation search (q)', () => {
  it('matches the job title, the other party’s name or business name, in any case, a page at a time', async () => {
    const { customer, provider, conversation } = await customerWithConversations(LIST_PAGE + 11);
    // The oldest conversation, far past the first page, is the one about the bathroom.
    await t.app.db
      .update(jobs)
      .set({ title: 'Retile the Bathroom' })
      .where(eq(jobs.id, conversation(0).jobId));
    const search = async (session: Session, q: string, more = '') =>
      page(session, `?q=${encodeURIComponent(q)}${more}`);
    for (const q of ['bathroom', 'BATHROOM', '  retile the bath  ']) {
      expect(
        (await search(customer, q)).items.map((c) => c.jobTitle),
        q,
      ).toEqual(['Retile the Bathroom']);
    }
    // The other party's name, first and last together (accented capitals too), and their business name.
    await t.app.db.update(users).set({ firstName: 'Zoë', lastName: 'Álvarez' }).where(eq(users.id, provider.user.id));
    const all = (await page(customer, `?limit=${LIST_PAGE_MAX}`)).items;
    expect((await search(customer, 'ZOË ÁLV', `&limit=${LIST_PAGE_MAX}`)).items).toEqual(all);
    expect((await search(customer, 'zoë álvarez', `&limit=${LIST_PAGE_MAX}`)).items).toEqual(all);
    expect((await search(customer, 'Pipeworks')).items).toEqual([]);
    await t.app.db
      .insert(businessProfiles)
      .values({ userId: provider.user.id, businessName: 'Quick Pipeworks', businessType: 'llc', description: 'Pipes' });
    const byBusiness = await search(customer, 'pipeworks');
    expect(byBusiness.items.map((c) => c.id)).toEqual(all.slice(0, LIST_PAGE).map((c) => c.id));
    expect(byBusiness.next).toBe(all[LIST_PAGE - 1]!.id);
    // The customer's own name is not the other party's: the provider finds nothing by it.
    expect((await search(provider, 'zoë')).items).toEqual([]);
    // Pages of the matches only, in the list's order, X-Next-Before and before as without a search.
    const ones = all.filter((c) => c.jobTitle.startsWith('job 1'));
    expect(ones.length).toBeGreaterThan(5);
    const pages: Item[] = [];
    let next = '';
    do {
      const found = await search(customer, 'JOB 1', `&limit=5${next ? `&before=${next}` : ''}`);
      pages.push(...found.items);
      next = found.next ?? '';
    } while (next);
    expect(pages.map((c) => c.id)).toEqual(ones.map((c) => c.id));
  });

  it('takes the words as they are (no wildcards), an empty search as none, and refuses one too long', async () => {
    const { customer } = await customerWithConversations(3);
    for (const q of ['%', '_', 'job_1', 'job%', '\\']) {
      expect((await page(customer, `?q=${encodeURIComponent(q)}`)).items, q).toEqual([]);
    }
    const all = await page(customer, '');
    expect(await page(customer, '?q=')).toEqual(all);
    expect(await page(customer, '?q=%20%20')).toEqual(all);
    const long = await get(customer, `/api/conversations?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'validation_error',
      errors: [{ code: 'messages:validation_search_max', message: 'Search for at most 200 characters' }],
    });
  });
});

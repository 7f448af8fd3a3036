import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PAGE, MESSAGES_PAGE_MAX } from '#shared/conversation-rules.js';
import { messages } from '#server/db/schema/index.js';
import { publishEvent } from '#server/events/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { listenOnFreePort, openEventStream } from '#server/test/events.js';
import { createJob, makeProvider } from '#server/test/factories.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ FREE_CREDITS_ON_UPGRADE: '0' });
  baseUrl = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const send = (session: Session | null, payload: object) =>
  as(t.app, session)({ method: 'POST', url: '/api/messages', payload });
const get = (session: Session | null, url: string) => as(t.app, session)({ method: 'GET', url });
const markRead = (session: Session | null, id: string) =>
  as(t.app, session)({ method: 'POST', url: `/api/conversations/${id}/mark-read` });

/** An owner, a job and a provider who bid on it. */
async function jobWithBidder() {
  const owner = await signUp(t.app, { firstName: 'Olga', lastName: 'Owner' });
  const job = await createJob(t.app.db, owner.user.id, { title: 'Retile the bathroom' });
  const provider = await makeProvider(t.app, 20);
  const bid = await as(
    t.app,
    provider,
  )({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '400' } });
  expect(bid.statusCode).toBe(201);
  return { owner, job, provider };
}

describe('sending messages', () => {
  it('lets a bidder write to the owner and the owner answer, in one conversation', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const first = await send(provider, {
      jobId: job.id,
      receiverId: owner.user.id,
      content: '  Hello, I can start Monday  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      jobId: job.id,
      senderId: provider.user.id,
      receiverId: owner.user.id,
      content: 'Hello, I can start Monday',
      isRead: false,
    });
    const reply = await send(owner, { jobId: job.id, receiverId: provider.user.id, content: 'Great, see you then' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().conversationId).toBe(first.json().conversationId);

    const thread = await get(owner, `/api/messages?conversationId=${first.json().conversationId}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().map((m: { content: string }) => m.content)).toEqual([
      'Hello, I can start Monday',
      'Great, see you then',
    ]);
    expect(thread.json()[0].sender).toEqual({
      name: provider.user.firstName + ' ' + provider.user.lastName,
      profileImageUrl: null,
    });
  });

  it('refuses empty, blank and over-long content with the spec message', async () => {
    const { owner, job, provider } = await jobWithBidder();
    for (const content of ['', '   ', undefined]) {
      const response = await send(provider, { jobId: job.id, receiverId: owner.user.id, content });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'content', message: 'Message content is required', code: 'messages:validation_content_required' },
      ]);
    }
    expect(
      (await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
    const longest = await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'ñ'.repeat(5000) });
    expect(longest.statusCode).toBe(201);
    const conversations = await get(provider, '/api/conversations');
    expect(conversations.json()).toHaveLength(1);
  });

  it('refuses outsiders with 403 and writes nothing', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const stranger = await makeProvider(t.app, 0);
    const customer = await signUp(t.app);
    const attempts = [
      [stranger, owner.user.id], // a provider who never bid
      [customer, owner.user.id],
      [owner, stranger.user.id], // the owner to someone who did not bid
      [owner, owner.user.id],
      [owner, 'not-a-uuid'],
      [provider, stranger.user.id], // a bidder to someone other than the owner
    ] as const;
    for (const [sender, receiverId] of attempts) {
      const response = await send(sender, { jobId: job.id, receiverId, content: 'hi' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('not_conversation_participant');
    }
    for (const session of [owner, provider, stranger, customer]) {
      expect((await get(session, '/api/conversations')).json()).toEqual([]);
    }
    expect((await send(null, { jobId: job.id, receiverId: owner.user.id, content: 'hi' })).statusCode).toBe(401);
    const missing = await send(provider, {
      jobId: '00000000-0000-4000-8000-000000000000',
      receiverId: owner.user.id,
      content: 'hi',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('reading conversations', () => {
  it('answers 404 to anyone but the two participants, and to guessed or malformed ids', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const sent = await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'private quote' });
    const id = sent.json().conversationId as string;
    const outsider = await makeProvider(t.app, 0);
    for (const url of [
      `/api/messages?conversationId=${id}`,
      '/api/messages?conversationId=00000000-0000-4000-8000-000000000000',
      '/api/messages?conversationId=abc',
      '/api/messages',
    ]) {
      const response = await get(outsider, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('conversation_not_found');
    }
    expect((await markRead(outsider, id)).statusCode).toBe(404);
    expect((await markRead(outsider, 'abc')).statusCode).toBe(404);
    expect((await get(null, `/api/messages?conversationId=${id}`)).statusCode).toBe(401);
    // The outsider's mark-read changed nothing.
    expect((await get(owner, '/api/conversations')).json()[0].unreadCount).toBe(1);
  });

  it('lists conversations latest first with the other party, last message and unread count; mark-read clears it', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const second = await makeProvider(t.app, 20);
    await as(t.app, second)({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '380' } });
    await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'one' });
    await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'two' });
    await send(second, { jobId: job.id, receiverId: owner.user.id, content: 'from the second' });
    await send(owner, { jobId: job.id, receiverId: second.user.id, content: 'thanks' });

    const list = (await get(owner, '/api/conversations')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      jobId: job.id,
      jobTitle: 'Retile the bathroom',
      unreadCount: 1,
      otherParty: { id: second.user.id, businessName: null },
      lastMessage: { senderId: owner.user.id, content: 'thanks' },
    });
    expect(list[1]).toMatchObject({
      unreadCount: 2,
      otherParty: { id: provider.user.id },
      lastMessage: { content: 'two' },
    });
    const providerView = (await get(provider, '/api/conversations')).json();
    expect(providerView[0]).toMatchObject({ unreadCount: 0, otherParty: { id: owner.user.id, name: 'Olga Owner' } });

    const read = await markRead(owner, list[1].id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ updated: 2 });
    const after = (await get(owner, '/api/conversations')).json();
    expect(after.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([1, 0]);
    // Marking read is the receiver's act: the sender's own messages stay as they were for them.
    const thread = (await get(provider, `/api/messages?conversationId=${list[1].id}`)).json();
    expect(thread.every((m: { isRead: boolean }) => m.isRead)).toBe(true);
    expect((await markRead(provider, list[1].id)).json()).toEqual({ updated: 0 });
  });
});

describe('a long thread', () => {
  it('answers the newest page, oldest first, and earlier pages before a message, with ties in order', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const first = await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'message 0' });
    expect(first.statusCode).toBe(201);
    const conversationId = first.json().conversationId as string;
    // 249 more, two by two with the same timestamp: the page boundary must not lose or repeat a tie.
    const base = Date.parse(first.json().createdAt as string);
    await t.app.db.insert(messages).values(
      Array.from({ length: 249 }, (_, n) => ({
        conversationId,
        jobId: job.id,
        senderId: provider.user.id,
        receiverId: owner.user.id,
        content: `message ${n + 1}`,
        createdAt: new Date(base + 1000 + Math.floor(n / 2) * 1000),
      })),
    );
    const page = async (query: string) => {
      const response = await get(owner, `/api/messages?conversationId=${conversationId}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { id: string; content: string }[];
    };
    const newest = await page('');
    expect(newest).toHaveLength(MESSAGES_PAGE);
    expect(newest.at(-1)!.content).toBe('message 249');
    const second = await page(`&before=${newest[0]!.id}`);
    const third = await page(`&before=${second[0]!.id}`);
    expect(third).toHaveLength(50);
    const all = [...third, ...second, ...newest].map((m) => m.content);
    expect(new Set(all).size).toBe(250);
    // Oldest first across the pages, as the thread shows them.
    expect(all[0]).toBe('message 0');
    expect(await page(`&before=${third[0]!.id}`)).toEqual([]);
    // The newest three; 247 and 248 were sent at the same moment, so between them the id decides.
    const three = (await page('&limit=3')).map((m) => m.content);
    expect(three.at(-1)).toBe('message 249');
    expect(new Set(three)).toEqual(new Set(['message 247', 'message 248', 'message 249']));
    expect(three).toEqual(all.slice(-3));
  });

  it('refuses a malformed cursor or page size with 400, and a cursor of another thread gives nothing', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const first = await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'hello' });
    const conversationId = first.json().conversationId as string;
    for (const query of ['&before=nope', '&limit=0', `&limit=${MESSAGES_PAGE_MAX + 1}`, '&limit=x']) {
      const response = await get(owner, `/api/messages?conversationId=${conversationId}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    const other = await jobWithBidder();
    const theirs = await send(other.provider, { jobId: other.job.id, receiverId: other.owner.user.id, content: 'hi' });
    const crossed = await get(owner, `/api/messages?conversationId=${conversationId}&before=${theirs.json().id}`);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toEqual([]);
  });
});

describe('real time', () => {
  it('streams message.created to the receiver and the sender, and refuses a visitor with 401', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const visitor = await openEventStream(baseUrl, null);
    expect(visitor.status).toBe(401);
    visitor.close();

    const ownerStream = await openEventStream(baseUrl, owner.cookie);
    const providerStream = await openEventStream(baseUrl, provider.cookie);
    expect(ownerStream.status).toBe(200);
    expect(ownerStream.contentType).toMatch(/^text\/event-stream/);
    const sent = (
      await send(provider, { jobId: job.id, receiverId: owner.user.id, content: 'Are you home Friday?' })
    ).json();
    const received = await ownerStream.next('message.created');
    expect(received.data).toEqual({ conversationId: sent.conversationId, message: sent });
    await providerStream.next('message.created', (d) => d.message.id === sent.id);
    // The reply lands in the existing conversation, and its event says so.
    const reply = (
      await send(owner, { jobId: job.id, receiverId: provider.user.id, content: 'Yes, after ten.' })
    ).json();
    expect(reply.conversationId).toBe(sent.conversationId);
    const replyEvent = await providerStream.next('message.created', (d) => d.message.id === reply.id);
    expect(replyEvent.data).toEqual({ conversationId: sent.conversationId, message: reply });
    ownerStream.close();
    providerStream.close();
  });

  it('delivers a message too large for one NOTIFY payload by reference', async () => {
    const { owner, job, provider } = await jobWithBidder();
    const stream = await openEventStream(baseUrl, owner.cookie);
    const content = '€'.repeat(5000); // 15,000 bytes in UTF-8
    const sent = (await send(provider, { jobId: job.id, receiverId: owner.user.id, content })).json();
    const received = await stream.next('message.created');
    expect(received.data).toEqual({ conversationId: sent.conversationId, message: sent });
    stream.close();
  });

  it('streams bid.created to the job owner and credits.changed to the bidder', async () => {
    const owner = await signUp(t.app);
    const job = await createJob(t.app.db, owner.user.id);
    const provider = await makeProvider(t.app, 30);
    const ownerStream = await openEventStream(baseUrl, owner.cookie);
    const providerStream = await openEventStream(baseUrl, provider.cookie);
    const bid = (
      await as(t.app, provider)({ method: 'POST', url: `/api/jobs/${job.id}/bids`, payload: { amount: '90' } })
    ).json();
    expect((await ownerStream.next('bid.created')).data).toMatchObject({ jobId: job.id, bidId: bid.id });
    // makeProvider's own credits.changed can still be on its way through LISTEN when the stream opens.
    expect((await providerStream.next('credits.changed', (d) => d.balance === 21)).data).toEqual({ balance: 21 });
    ownerStream.close();
    providerStream.close();
  });

  it('delivers an event on commit and nothing when its transaction rolls back', async () => {
    const user = await signUp(t.app);
    const stream = await openEventStream(baseUrl, user.cookie);
    await expect(
      t.app.db.transaction(async (tx) => {
        await publishEvent(tx, user.user.id, 'credits.changed', { balance: 111 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.app.db.transaction((tx) => publishEvent(tx, user.user.id, 'credits.changed', { balance: 222 }));
    expect((await stream.next('credits.changed')).data).toEqual({ balance: 222 });
    await expect(stream.next('credits.changed', () => true, 500)).rejects.toThrow(/no credits.changed/);
    expect(stream.comments()).toContain('connected');
    stream.close();
  });
});

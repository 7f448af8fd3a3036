import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Conversation, Message, MessageCreatedEvent, SendMessageData } from '#shared/conversations.js';
import { param, preparedStatement, type Db, type DbOrTx } from '#server/db/client.js';
import { bids, businessProfiles, conversations, jobs, messages, users } from '#server/db/schema/index.js';
import { EVENTS_CHANNEL, notificationPayload } from '#server/events/publish.js';
import type { Ctx } from '#server/http/context.js';
import { isUuid } from '#server/http/ids.js';
import { AppError } from '#server/http/errors.js';
import { assertJobId } from '#server/jobs/service.js';

type MessageRow = typeof messages.$inferSelect;
type Sender = { firstName: string; lastName: string; profileImageUrl: string | null };

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

function toMessage(row: MessageRow, sender: Sender): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    jobId: row.jobId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    sender: { name: fullName(sender), profileImageUrl: sender.profileImageUrl },
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
  };
}

/** Stands in for a receiver id that is no uuid: nobody, so the participant check refuses it (403, not a cast error). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The whole of sending a message, one statement: the participant check (the job's owner and a provider
 * who bid on it or is hired on it), the conversation upsert, the message and both NOTIFYs. A
 * conversation that already exists keeps its id, which replaces the fresh one in the NOTIFY payloads.
 */
const sendStatement = preparedStatement<{ jobs: number; conversationId: string | null }>(
  'messages_send',
  sql`
    WITH job AS (
      SELECT id, customer_id, hired_provider_id,
        CASE WHEN customer_id = ${param('senderId')}::uuid THEN ${param('receiverId')}::uuid
          ELSE ${param('senderId')}::uuid END AS provider_id,
        CASE WHEN customer_id = ${param('senderId')}::uuid THEN ${param('receiverId')}::uuid <> ${param('senderId')}::uuid
          ELSE ${param('receiverId')}::uuid = customer_id END AS addressed
      FROM ${jobs} WHERE id = ${param('jobId')}::uuid
    ), allowed AS (
      SELECT * FROM job
      WHERE addressed AND (hired_provider_id IS NOT DISTINCT FROM provider_id
        OR EXISTS (SELECT 1 FROM ${bids} WHERE ${bids.jobId} = job.id AND ${bids.providerId} = job.provider_id))
    ), conversation AS (
      INSERT INTO ${conversations} (id, job_id, customer_id, provider_id, last_message_at)
      SELECT ${param('freshConversationId')}::uuid, id, customer_id, provider_id, ${param('now')}::timestamptz
      FROM allowed
      ON CONFLICT (job_id, provider_id) DO UPDATE SET last_message_at = excluded.last_message_at
      RETURNING id
    ), message AS (
      INSERT INTO ${messages} (id, conversation_id, job_id, sender_id, receiver_id, content, created_at)
      SELECT ${param('messageId')}::uuid, conversation.id, ${param('jobId')}::uuid, ${param('senderId')}::uuid,
        ${param('receiverId')}::uuid, ${param('content')}, ${param('now')}::timestamptz
      FROM conversation
      RETURNING conversation_id
    ), notified AS (
      SELECT pg_notify(${EVENTS_CHANNEL}, replace(payload, ${param('freshConversationId')}, message.conversation_id::text))
      FROM message, unnest(ARRAY[${param('receiverPayload')}::text, ${param('senderPayload')}::text]) AS payload
    )
    SELECT (SELECT count(*)::int FROM job) AS jobs, message.conversation_id AS "conversationId",
      (SELECT count(*)::int FROM notified) AS notified
    FROM (SELECT 1) AS one LEFT JOIN message ON true`,
);

/**
 * POST /api/messages (docs/contract.md §3.3): the owner and a provider who bid on (or is hired on) the job
 * write to each other; anyone else 403. The conversation is created on first use; both parties'
 * streams hear of the message when it commits.
 *
 * One prepared statement (issue 15: delivery latency under load is send throughput), so everything
 * commits or rolls back together in one round trip. Ids and the time are made here, so the event is
 * built before the statement runs.
 */
export async function sendMessage(ctx: Ctx, input: SendMessageData): Promise<Message> {
  assertJobId(input.jobId);
  const senderId = ctx.user.id;
  const receiverId = isUuid(input.receiverId) ? input.receiverId : NOBODY;
  const now = new Date();
  const freshConversationId = randomUUID();
  const message = toMessage(
    {
      id: randomUUID(),
      conversationId: freshConversationId,
      jobId: input.jobId,
      senderId,
      receiverId,
      content: input.content,
      isRead: false,
      createdAt: now,
    },
    ctx.user,
  );
  const event: MessageCreatedEvent = { conversationId: freshConversationId, message };
  // A long message can exceed NOTIFY's payload limit: then the receiving instance reads the row.
  const reference = { messageId: message.id };
  const payload = (userId: string) => notificationPayload({ userId, type: 'message.created', data: event, reference });
  const [row] = await sendStatement(ctx.db, {
    jobId: input.jobId,
    senderId,
    receiverId,
    content: input.content,
    now: now.toISOString(),
    messageId: message.id,
    freshConversationId,
    receiverPayload: payload(receiverId),
    senderPayload: payload(senderId),
  });
  if (!row || Number(row.jobs) === 0) throw new AppError('job_not_found');
  if (!row.conversationId) throw new AppError('not_conversation_participant');
  return { ...message, conversationId: row.conversationId };
}

/** The event data of a message, read back by id (for NOTIFY payloads sent by reference). */
export async function loadMessageEvent(db: Db, reference: Record<string, string>): Promise<MessageCreatedEvent> {
  const [row] = await db
    .select({ message: messages, firstName: users.firstName, lastName: users.lastName, image: users.profileImageUrl })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, reference.messageId ?? ''));
  if (!row) throw new Error('message not found');
  const message = toMessage(row.message, { ...row, profileImageUrl: row.image });
  return { conversationId: message.conversationId, message };
}

/** The conversation if the caller is one of its two people; otherwise it does not exist for them (404). */
async function findOwnConversationOrFail(ctx: Ctx, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError('conversation_not_found');
  const [conversation] = await ctx.db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.customerId, ctx.user.id), eq(conversations.providerId, ctx.user.id)),
      ),
    );
  if (!conversation) throw new AppError('conversation_not_found');
  return conversation;
}

/** GET /api/messages?conversationId=: the thread, oldest first; 404 to anyone but its two people. */
export async function listMessages(ctx: Ctx, conversationId: string): Promise<Message[]> {
  const conversation = await findOwnConversationOrFail(ctx, conversationId);
  const rows = await ctx.db
    .select({ message: messages, firstName: users.firstName, lastName: users.lastName, image: users.profileImageUrl })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((row) => toMessage(row.message, { ...row, profileImageUrl: row.image }));
}

/** Marks the messages sent to the caller as read (spec §4 'Message'). */
export async function markConversationRead(ctx: Ctx, conversationId: string): Promise<{ updated: number }> {
  const conversation = await findOwnConversationOrFail(ctx, conversationId);
  const updated = await ctx.db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.receiverId, ctx.user.id),
        eq(messages.isRead, false),
      ),
    )
    .returning({ id: messages.id });
  return { updated: updated.length };
}

/**
 * GET /api/conversations in one statement, built once per database (issue 16, decision 018): each of the
 * caller's conversations with its job, the other party, the unread count and the last message (a lateral
 * read of messages_conversation_idx), latest activity first. A named prepared statement on PostgreSQL.
 */
const conversationListByDb = new WeakMap<DbOrTx, ReturnType<typeof prepareConversationList>>();

function prepareConversationList(db: DbOrTx) {
  const me = sql.placeholder('me');
  const otherId = sql<string>`case when ${conversations.customerId} = ${me} then ${conversations.providerId} else ${conversations.customerId} end`;
  const last = db
    .select({ senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  return db
    .select({
      id: conversations.id,
      jobId: conversations.jobId,
      jobTitle: jobs.title,
      otherId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      businessName: businessProfiles.businessName,
      unreadCount: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id}
        and ${messages.receiverId} = ${me} and not ${messages.isRead})`,
      lastSenderId: last.senderId,
      lastContent: last.content,
      lastCreatedAt: last.createdAt,
    })
    .from(conversations)
    .innerJoin(jobs, eq(jobs.id, conversations.jobId))
    .innerJoin(users, eq(users.id, otherId))
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoinLateral(last, sql`true`)
    .where(or(eq(conversations.customerId, me), eq(conversations.providerId, me)))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
    .prepare('conversations_list');
}

/** GET /api/conversations: the spec's Conversation shape, latest activity first. */
export async function listConversations(ctx: Ctx): Promise<Conversation[]> {
  let list = conversationListByDb.get(ctx.db);
  if (!list) conversationListByDb.set(ctx.db, (list = prepareConversationList(ctx.db)));
  const rows = await list.execute({ me: ctx.user.id });
  return rows.map((row) => ({
    id: row.id,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    unreadCount: Number(row.unreadCount),
    otherParty: {
      id: row.otherId,
      name: fullName(row),
      businessName: row.businessName ?? null,
      profileImageUrl: row.profileImageUrl,
    },
    lastMessage:
      row.lastSenderId === null || row.lastContent === null || row.lastCreatedAt === null
        ? null
        : { senderId: row.lastSenderId, content: row.lastContent, createdAt: row.lastCreatedAt.toISOString() },
  }));
}

/** Unread messages addressed to the caller on each of these jobs (the projects page's counts). */
export async function unreadCountsByJob(db: DbOrTx, userId: string, jobIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({ jobId: messages.jobId, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, userId), eq(messages.isRead, false), inArray(messages.jobId, jobIds)))
    .groupBy(messages.jobId);
  for (const row of rows) counts.set(row.jobId, Number(row.n));
  return counts;
}

import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Conversation, Message, MessageCreatedEvent, SendMessageData } from '#shared/conversations.js';
import { rowsOf, type Db, type DbOrTx } from '#server/db/client.js';
import { bids, businessProfiles, conversations, jobs, messages, users } from '#server/db/schema/index.js';
import { EVENTS_CHANNEL, notificationPayload } from '#server/events/publish.js';
import type { Ctx } from '#server/http/context.js';
import { isUuid } from '#server/http/ids.js';
import { AppError } from '#server/http/errors.js';

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
 * POST /api/messages (DESIGN.md §3.3): the owner and a provider who bid on (or is hired on) the job
 * write to each other; anyone else 403. The conversation is created on first use; both parties'
 * streams hear of the message when it commits.
 *
 * One statement (issue 15: delivery latency is send throughput): the participant check, the
 * conversation upsert, the message and both NOTIFYs commit or roll back together, in one round trip.
 * Ids and the time are made here, so the event is built before the statement runs; a conversation
 * that already exists keeps its id, which replaces the fresh one in the event's payload.
 */
export async function sendMessage(ctx: Ctx, input: SendMessageData): Promise<Message> {
  if (!isUuid(input.jobId)) throw new AppError('job_not_found');
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
  const payloads = [receiverId, senderId].map((userId) =>
    notificationPayload({ userId, type: 'message.created', data: event, reference }),
  );
  const result = await ctx.db.execute(sql`
    WITH job AS (
      SELECT id, customer_id, hired_provider_id,
        CASE WHEN customer_id = ${senderId}::uuid THEN ${receiverId}::uuid ELSE ${senderId}::uuid END AS provider_id,
        CASE WHEN customer_id = ${senderId}::uuid THEN ${receiverId}::uuid <> ${senderId}::uuid
          ELSE ${receiverId}::uuid = customer_id END AS addressed
      FROM ${jobs} WHERE id = ${input.jobId}::uuid
    ), allowed AS (
      SELECT * FROM job
      WHERE addressed AND (hired_provider_id IS NOT DISTINCT FROM provider_id
        OR EXISTS (SELECT 1 FROM ${bids} WHERE ${bids.jobId} = job.id AND ${bids.providerId} = job.provider_id))
    ), conversation AS (
      INSERT INTO ${conversations} (id, job_id, customer_id, provider_id, last_message_at)
      SELECT ${freshConversationId}::uuid, id, customer_id, provider_id, ${now.toISOString()}::timestamptz FROM allowed
      ON CONFLICT (job_id, provider_id) DO UPDATE SET last_message_at = excluded.last_message_at
      RETURNING id
    ), message AS (
      INSERT INTO ${messages} (id, conversation_id, job_id, sender_id, receiver_id, content, created_at)
      SELECT ${message.id}::uuid, conversation.id, ${input.jobId}::uuid, ${senderId}::uuid, ${receiverId}::uuid,
        ${input.content}, ${now.toISOString()}::timestamptz
      FROM conversation
      RETURNING conversation_id
    ), notified AS (
      SELECT pg_notify(${EVENTS_CHANNEL}, replace(payload, ${freshConversationId}, message.conversation_id::text))
      FROM message, unnest(ARRAY[${payloads[0]}::text, ${payloads[1]}::text]) AS payload
    )
    SELECT (SELECT count(*)::int FROM job) AS jobs, message.conversation_id AS "conversationId",
      (SELECT count(*)::int FROM notified) AS notified
    FROM (SELECT 1) AS one LEFT JOIN message ON true`);
  const [row] = rowsOf<{ jobs: number; conversationId: string | null }>(result);
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

/** GET /api/conversations: the spec's Conversation shape, latest activity first. */
export async function listConversations(ctx: Ctx): Promise<Conversation[]> {
  const me = ctx.user.id;
  const otherId = sql<string>`case when ${conversations.customerId} = ${me} then ${conversations.providerId} else ${conversations.customerId} end`;
  const rows = await ctx.db
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
    })
    .from(conversations)
    .innerJoin(jobs, eq(jobs.id, conversations.jobId))
    .innerJoin(users, eq(users.id, otherId))
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .where(or(eq(conversations.customerId, me), eq(conversations.providerId, me)))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id));
  const last = await lastMessages(
    ctx.db,
    rows.map((r) => r.id),
  );
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
    lastMessage: last.get(row.id) ?? null,
  }));
}

async function lastMessages(db: DbOrTx, conversationIds: string[]) {
  const result = new Map<string, NonNullable<Conversation['lastMessage']>>();
  if (conversationIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  for (const row of rows) {
    result.set(row.conversationId, {
      senderId: row.senderId,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return result;
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

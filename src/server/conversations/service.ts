import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Conversation, Message, MessageCreatedEvent, SendMessageData } from '#shared/conversations.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { bids, businessProfiles, conversations, jobs, messages, users } from '#server/db/schema/index.js';
import { publishEvents } from '#server/events/publish.js';
import type { Ctx } from '#server/http/context.js';
import { isUuid } from '#server/http/ids.js';
import { AppError } from '#server/http/errors.js';
import { findJobOrFail } from '#server/jobs/service.js';

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

/** May this provider talk about this job: they bid on it or are hired on it (DESIGN.md §4.10). */
async function isJobProvider(db: DbOrTx, job: { id: string; hiredProviderId: string | null }, providerId: string) {
  if (job.hiredProviderId === providerId) return true;
  const [bid] = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.jobId, job.id), eq(bids.providerId, providerId)));
  return bid !== undefined;
}

/**
 * POST /api/messages (DESIGN.md §3.3): the owner and a provider who bid on (or is hired on) the job
 * write to each other; anyone else 403. The conversation is created on first use; both parties'
 * streams hear of the message when the transaction commits.
 */
export async function sendMessage(ctx: Ctx, input: SendMessageData): Promise<Message> {
  return ctx.db.transaction(async (tx) => {
    const job = await findJobOrFail(tx, input.jobId);
    const isOwner = job.customerId === ctx.user.id;
    const providerId = isOwner ? input.receiverId : ctx.user.id;
    const allowed = isOwner
      ? isUuid(input.receiverId) && input.receiverId !== ctx.user.id
      : input.receiverId === job.customerId;
    if (!allowed || !(await isJobProvider(tx, job, providerId))) throw new AppError('not_conversation_participant');

    const now = new Date();
    const [conversation] = await tx
      .insert(conversations)
      .values({ jobId: job.id, customerId: job.customerId, providerId, lastMessageAt: now })
      .onConflictDoUpdate({ target: [conversations.jobId, conversations.providerId], set: { lastMessageAt: now } })
      .returning({ id: conversations.id });
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: conversation!.id,
        jobId: job.id,
        senderId: ctx.user.id,
        receiverId: input.receiverId,
        content: input.content,
        createdAt: now,
      })
      .returning();
    const message = toMessage(row!, ctx.user);
    const event: MessageCreatedEvent = { conversationId: conversation!.id, message };
    // A long message can exceed NOTIFY's payload limit: then the receiving instance reads the row.
    const reference = { messageId: message.id };
    await publishEvents(tx, [
      { userId: input.receiverId, type: 'message.created', data: event, reference },
      { userId: ctx.user.id, type: 'message.created', data: event, reference },
    ]);
    return message;
  });
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

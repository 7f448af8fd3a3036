import { randomUUID } from 'node:crypto';
import type {
  Conversation,
  ConversationsQuery,
  Message,
  MessageCreatedEvent,
  MessagesQuery,
  SendMessageData,
  UnreadTotal,
} from '#shared/conversations.js';
import { fullName } from '#shared/names.js';
import type { Db, Page } from '#server/db/client.js';
import { notificationPayload } from '#server/events/index.js';
import type { Ctx } from '#server/http/context.js';
import { isUuid } from '#server/http/ids.js';
import { AppError } from '#server/http/errors.js';
import { assertJobId } from '#server/jobs/index.js';
import { messagePush, pushValues } from '#server/push/index.js';
import { conversationOf, conversationsOf } from './list-queries.js';
import {
  markRead,
  messageById,
  ownConversationId,
  threadOf,
  sendMessageStatement,
  toMessage,
  unreadTotalOf,
} from './queries.js';

export { unreadCountsByJob } from './queries.js';

/** Stands in for a receiver id that is no uuid: nobody, so the participant check refuses it (403, not a cast error). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * POST /api/messages (docs/contract.md §3.3): the owner and a provider who bid on (or is hired on) the job
 * write to each other; anyone else 403. The conversation is created on first use; both parties'
 * streams hear of the message when it commits.
 *
 * One prepared statement (issue 15: delivery latency under load is send throughput) answers no job (404) or
 * no participant (403), and writes the receiver's pushes. Ids and
 * the time are made here, so the event is built before the statement runs.
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
  // The message, its NOTIFYs and its pushes to the receiver's devices: one statement, so they commit together
  // (docs/contract.md §3.10); the pushes name the fresh conversation id, which the statement replaces as it does
  // in the NOTIFYs.
  const sender = fullName(ctx.user);
  const [row] = await sendMessageStatement(ctx.db, {
    jobId: input.jobId,
    senderId,
    receiverId,
    content: input.content,
    now: now.toISOString(),
    messageId: message.id,
    freshConversationId,
    receiverPayload: payload(receiverId),
    senderPayload: payload(senderId),
    ...pushValues({
      config: ctx.config,
      origin: ctx.origin,
      type: 'message',
      userIds: [receiverId],
      tag: `conversation:${freshConversationId}`,
      content: (language) =>
        messagePush(language, { sender, content: input.content, conversationId: freshConversationId }),
    }),
  });
  if (!row || Number(row.jobs) === 0) throw new AppError('job_not_found');
  if (!row.conversationId) throw new AppError('not_conversation_participant');
  return { ...message, conversationId: row.conversationId };
}

/** The event data of a message, read back by id (for NOTIFY payloads sent by reference). */
export async function loadMessageEvent(db: Db, reference: Record<string, string>): Promise<MessageCreatedEvent> {
  const message = await messageById(db, reference.messageId ?? '');
  if (!message) throw new Error('message not found');
  return { conversationId: message.conversationId, message };
}

/** The conversation's id if the caller is one of its two people; otherwise it does not exist for them (404). */
async function ownConversationOrFail(ctx: Ctx, conversationId: string): Promise<string> {
  if (!isUuid(conversationId)) throw new AppError('conversation_not_found');
  const id = await ownConversationId(ctx.db, conversationId, ctx.user.id);
  if (!id) throw new AppError('conversation_not_found');
  return id;
}

/** GET /api/messages?conversationId=: a page of the thread, oldest first; 404 to anyone but its two people. */
export async function listMessages(ctx: Ctx, query: MessagesQuery): Promise<Message[]> {
  const thread = isUuid(query.conversationId)
    ? await threadOf(ctx.db, ctx.user.id, query.conversationId, query)
    : undefined;
  if (!thread) throw new AppError('conversation_not_found');
  return thread;
}

/** Marks the messages sent to the caller as read (spec §4 'Message'). */
export async function markConversationRead(ctx: Ctx, conversationId: string): Promise<{ updated: number }> {
  return { updated: await markRead(ctx.db, await ownConversationOrFail(ctx, conversationId), ctx.user.id) };
}

/**
 * GET /api/conversations: a page of the spec's Conversation shape, latest activity first (one prepared statement);
 * with `q`, of those whose job title, other party's name or business name holds it (spec §5 'Conversation search').
 */
export function listConversations(ctx: Ctx, query: ConversationsQuery): Promise<Page<Conversation>> {
  return conversationsOf(ctx.db, ctx.user.id, { before: query.before, limit: query.limit, search: query.q });
}

/** GET /api/conversations/unread: the caller's unread messages in all their conversations (the frame's badge). */
export async function unreadTotal(ctx: Ctx): Promise<UnreadTotal> {
  return { total: await unreadTotalOf(ctx.db, ctx.user.id) };
}

/**
 * GET /api/conversations/{id}: one conversation as the list shows it, wherever it is in the list (a screen opened
 * on it needs it when it is not on the first page); 404 to anyone but its two people.
 */
export async function getConversation(ctx: Ctx, conversationId: string): Promise<Conversation> {
  const conversation = isUuid(conversationId) ? await conversationOf(ctx.db, ctx.user.id, conversationId) : undefined;
  if (!conversation) throw new AppError('conversation_not_found');
  return conversation;
}

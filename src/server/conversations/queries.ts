import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Message } from '#shared/conversations.js';
import { fullName } from '#shared/names.js';
import { afterCursor, param, preparedStatement, tableRowReader, type Db, type DbOrTx } from '#server/db/client.js';
import { bids, conversations, jobs, messages, users } from '#server/db/schema/index.js';
import { notifySql } from '#server/events/index.js';
import { notEnqueued } from '#server/mail/index.js';
import { pushInsert, pushWake } from '#server/push/index.js';

// The conversations feature's statements and the mappers from their rows to answers (the conversation list's in
// list-queries.ts); service.ts holds the rules.

type MessageRow = typeof messages.$inferSelect;
type Sender = { firstName: string; lastName: string; profileImageUrl: string | null };

export function toMessage(row: MessageRow, sender: Sender): Message {
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

/**
 * The whole of sending a message, one statement: the participant check (the job's owner and a provider
 * who bid on it or is hired on it), the conversation upsert, the message and both NOTIFYs. A
 * conversation that already exists keeps its id, which replaces the fresh one in the NOTIFY payloads and in the
 * receiver's pushes (the push room's pushInsert, values of push's pushValues).
 * `jobs` 0: no such job; `conversationId` null: the sender may not write to the receiver on it.
 */
export const sendMessageStatement = preparedStatement<{ jobs: number; conversationId: string | null }>(
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
      RETURNING conversation_id, receiver_id
    ), pushed AS (
      ${pushInsert(
        sql`ARRAY(SELECT receiver_id FROM message)`,
        sql`replace(${param('pushPayloads')}::text, ${param('freshConversationId')}, (SELECT conversation_id::text FROM message))::jsonb`,
      )}
    ), woke AS (
      ${pushWake(sql`pushed`)}
    ), notified AS (
      SELECT ${notifySql(sql`replace(payload, ${param('freshConversationId')}, message.conversation_id::text)`)}
      FROM message, unnest(ARRAY[${param('receiverPayload')}::text, ${param('senderPayload')}::text]) AS payload
    )
    SELECT (SELECT count(*)::int FROM job) AS jobs, message.conversation_id AS "conversationId",
      (SELECT count(*)::int FROM notified) AS notified, (SELECT count(*)::int FROM woke) AS woke
    FROM (SELECT 1) AS one LEFT JOIN message ON true`,
);

const messageWithSender = {
  message: messages,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.profileImageUrl,
};

/** One message and its sender, by id; undefined when there is none. */
export async function messageById(db: Db, messageId: string): Promise<Message | undefined> {
  const [row] = await db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId));
  return row && toMessage(row.message, { ...row, profileImageUrl: row.image });
}

/** The conversation's id if `userId` is one of its two people. */
export async function ownConversationId(db: DbOrTx, conversationId: string, userId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.customerId, userId), eq(conversations.providerId, userId)),
      ),
    );
  return row?.id;
}

const messageRow = tableRowReader(messages);
const SENDER_AT = messageRow.columns.length;

/**
 * A page of one of `me`'s conversations, in one statement (decision 058): no row when the conversation is not
 * theirs (or none); else a row per message of the page, newest first, with its sender, or one row of nulls when the
 * page is empty. The page is the newest `limit` messages, or with `before` the newest `limit` sent before that
 * message (keyset on (created_at, id), read backwards from messages_conversation_idx: a page costs the same at the
 * end of a thread of ten messages or of thousands).
 */
const threadStatement = preparedStatement(
  'messages_thread',
  sql`
    select ${messageRow.columnsOf('page')}, u.first_name, u.last_name, u.profile_image_url
      from ${conversations} c
      left join lateral (
        select m.* from ${messages} m
         where m.conversation_id = c.id
           and ${afterCursor(
             sql`m.created_at`,
             sql`m.id`,
             sql`${param('before')}::uuid`,
             sql`select x.created_at, x.id from ${messages} x
                  where x.id = ${param('before')}::uuid and x.conversation_id = c.id`,
           )}
         order by m.created_at desc, m.id desc
         limit ${param('limit')}::int) page on true
      left join ${users} u on u.id = page.sender_id
     where c.id = ${param('id')}::uuid
       and (c.customer_id = ${param('me')}::uuid or c.provider_id = ${param('me')}::uuid)
     order by page.created_at desc, page.id desc`,
  (row): Message | null => {
    const message = messageRow.read(row, 0);
    if (!message) return null;
    const [firstName, lastName, profileImageUrl] = row.slice(SENDER_AT) as [string, string, string | null];
    return toMessage(message, { firstName, lastName, profileImageUrl });
  },
);

/** A page of `me`'s conversation, oldest first; undefined when it is not theirs (or none). */
export async function threadOf(
  db: DbOrTx,
  me: string,
  conversationId: string,
  page: { before?: string | undefined; limit: number },
): Promise<Message[] | undefined> {
  const rows = await threadStatement(db, { me, id: conversationId, before: page.before ?? null, limit: page.limit });
  if (rows.length === 0) return undefined;
  return rows.filter((message) => message !== null).reverse();
}

/** Marks the messages of a conversation sent to `receiverId` read; returns how many were unread. */
export async function markRead(db: DbOrTx, conversationId: string, receiverId: string): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(eq(messages.conversationId, conversationId), eq(messages.receiverId, receiverId), eq(messages.isRead, false)),
    )
    .returning({ id: messages.id });
  return updated.length;
}

/**
 * Messages sent to the user and not read yet, in all their conversations (GET /api/conversations/unread, decision
 * 048): the entries of messages_unread_idx (receiver_id, where not is_read) under the user, an index-only count.
 */
const unreadTotalStatement = preparedStatement<{ total: number }>(
  'messages_unread_total',
  sql`select count(*)::int as total from ${messages} where receiver_id = ${param('me')}::uuid and not is_read`,
);

export async function unreadTotalOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await unreadTotalStatement(db, { me: userId });
  return Number(row?.total ?? 0);
}

/** Unread messages addressed to `userId` on each of these jobs. */
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

/** A message waiting to be emailed, with what its email says and who gets it. */
export type UnreadMessage = {
  messageId: string;
  conversationId: string;
  content: string;
  jobTitle: string;
  senderFirstName: string;
  senderLastName: string;
  receiverId: string;
  receiverEmail: string;
  receiverFirstName: string;
  receiverLanguage: string;
  receiverNotifications: (typeof users.$inferSelect)['emailNotifications'];
};

/**
 * Messages unread `delaySeconds` after they were sent whose receiver wants message emails, the oldest unread
 * one of each run (a conversation's unread messages to one receiver) only, and only when no email was written
 * for it yet (the mail room's `notEnqueued`): at most 100 a run.
 */
const unreadMessagesStatement = preparedStatement<UnreadMessage>(
  'messages_unread_due',
  sql`
    select m.id as "messageId", m.conversation_id as "conversationId", m.content, j.title as "jobTitle",
           s.first_name as "senderFirstName", s.last_name as "senderLastName", m.receiver_id as "receiverId",
           r.email as "receiverEmail", r.first_name as "receiverFirstName", r.language as "receiverLanguage",
           r.email_notifications as "receiverNotifications"
      from ${messages} m
      join ${users} r on r.id = m.receiver_id
      join ${users} s on s.id = m.sender_id
      join ${jobs} j on j.id = m.job_id
     where not m.is_read
       and m.created_at <= now() - make_interval(secs => ${param('delaySeconds')}::float8)
       and (r.email_notifications ->> 'messages')::boolean
       and not exists (select 1 from ${messages} e
                        where e.conversation_id = m.conversation_id and e.receiver_id = m.receiver_id
                          and not e.is_read and (e.created_at, e.id) < (m.created_at, m.id))
       and ${notEnqueued(sql`'message:' || m.id::text`)}
     limit 100`,
);

export const unreadMessagesToEmail = (db: Db, delaySeconds: number) => unreadMessagesStatement(db, { delaySeconds });

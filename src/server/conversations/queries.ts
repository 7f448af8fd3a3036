import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Conversation, Message } from '#shared/conversations.js';
import { fullName } from '#shared/names.js';
import { afterCursor, param, preparedStatement, toPage, type Db, type DbOrTx, type Page } from '#server/db/client.js';
import { bids, businessProfiles, conversations, jobs, messages, users } from '#server/db/schema/index.js';
import { notifySql } from '#server/events/index.js';
import { notEnqueued } from '#server/mail/index.js';
import { pushInsert, pushWake } from '#server/push/index.js';

// The conversations feature's statements and the mappers from their rows to answers; service.ts holds the rules.

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

/**
 * One page of a conversation's messages with their senders, oldest first: the newest `limit`, or with `before`
 * the newest `limit` sent before that message (keyset on (created_at, id), read backwards from
 * messages_conversation_idx: a page costs the same at the end of a thread of ten messages or of thousands).
 */
export async function messagesOf(
  db: DbOrTx,
  conversationId: string,
  page: { before?: string | undefined; limit: number },
): Promise<Message[]> {
  const rows = await db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        page.before
          ? afterCursor(
              messages.createdAt,
              messages.id,
              sql`select m.created_at, m.id from ${messages} m
                where m.id = ${page.before} and m.conversation_id = ${conversationId}`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit);
  return rows.reverse().map((row) => toMessage(row.message, { ...row, profileImageUrl: row.image }));
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

type ConversationListRow = {
  id: string;
  jobId: string;
  jobTitle: string;
  otherId: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  businessName: string | null;
  unreadCount: number;
  lastSenderId: string | null;
  lastContent: string | null;
  /** PostgreSQL's text of a timestamptz (statements.ts keeps timestamps as text), read with new Date as Drizzle reads it. */
  lastCreatedAt: string | null;
};

/** The order of the conversation list: latest activity first (a conversation with no message yet, by its start). */
const activeAt = (c: SQL) => sql`coalesce(${c}.last_message_at, ${c}.created_at)`;

/**
 * The conversations of `page` (a CTE of conversations rows with their `active_at`) as the list shows them, in its
 * order: each with its job, the other party (of `me`), the unread count and the last message (a lateral read of
 * messages_conversation_idx). These reads run for the chosen rows only.
 */
const asListed = (page: SQL) => sql`
    with page as (${page})
    select c.id, c.job_id as "jobId", j.title as "jobTitle", u.id as "otherId", u.first_name as "firstName",
           u.last_name as "lastName", u.profile_image_url as "profileImageUrl", bp.business_name as "businessName",
           (select count(*)::int from ${messages} m
             where m.conversation_id = c.id and m.receiver_id = ${param('me')}::uuid and not m.is_read) as "unreadCount",
           last_message.sender_id as "lastSenderId", last_message.content as "lastContent",
           last_message.created_at as "lastCreatedAt"
      from page c
      join ${jobs} j on j.id = c.job_id
      join ${users} u on u.id = case when c.customer_id = ${param('me')}::uuid then c.provider_id else c.customer_id end
      left join ${businessProfiles} bp on bp.user_id = u.id
      left join lateral (
        select m.sender_id, m.content, m.created_at from ${messages} m
         where m.conversation_id = c.id
         order by m.created_at desc, m.id desc
         limit 1) last_message on true
     order by c.active_at desc, c.id desc`;

const isMine = (c: SQL) => sql`(${c}.customer_id = ${param('me')}::uuid or ${c}.provider_id = ${param('me')}::uuid)`;

/**
 * GET /api/conversations in one statement (issue 16, decision 018): a page of the caller's conversations, latest
 * activity first. The page is chosen first (keyset on (activity, id) after the conversation `before`, decision
 * 045); `limit` is the page's size plus one (the row that says another page follows). A named prepared statement
 * on PostgreSQL.
 */
const conversationListStatement = preparedStatement<ConversationListRow>(
  'conversations_list',
  asListed(sql`
      select c.id, c.job_id, c.customer_id, c.provider_id, ${activeAt(sql`c`)} as active_at
        from ${conversations} c
       where ${isMine(sql`c`)}
         and (${param('before')}::uuid is null or ${afterCursor(
           activeAt(sql`c`),
           sql`c.id`,
           sql`select ${activeAt(sql`x`)}, x.id from ${conversations} x
                where x.id = ${param('before')}::uuid and ${isMine(sql`x`)}`,
         )})
       order by active_at desc, c.id desc
       limit ${param('limit')}::int`),
);

/** GET /api/conversations/{id}: one of the caller's conversations as the list shows it. */
const conversationStatement = preparedStatement<ConversationListRow>(
  'conversations_one',
  asListed(sql`
      select c.id, c.job_id, c.customer_id, c.provider_id, ${activeAt(sql`c`)} as active_at
        from ${conversations} c
       where c.id = ${param('id')}::uuid and ${isMine(sql`c`)}`),
);

/** One of `userId`'s conversations as the list shows it; undefined when it is not theirs (or none). */
export async function conversationOf(db: DbOrTx, userId: string, conversationId: string) {
  const [row] = await conversationStatement(db, { me: userId, id: conversationId });
  return row && toConversation(row);
}

/** A page of the caller's conversations, latest activity first (docs/contract.md §3.3). */
export async function conversationsOf(
  db: DbOrTx,
  userId: string,
  page: { before?: string | undefined; limit: number },
): Promise<Page<Conversation>> {
  const rows = await conversationListStatement(db, { me: userId, before: page.before ?? null, limit: page.limit + 1 });
  const { items, nextBefore } = toPage(rows, page.limit, (row) => row.id);
  return { items: items.map(toConversation), nextBefore };
}

function toConversation(row: ConversationListRow): Conversation {
  return {
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
        : {
            senderId: row.lastSenderId,
            content: row.lastContent,
            createdAt: new Date(row.lastCreatedAt).toISOString(),
          },
  };
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

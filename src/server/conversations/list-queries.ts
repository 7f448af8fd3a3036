import { sql, type SQL } from 'drizzle-orm';
import type { Conversation } from '#shared/conversations.js';
import { fullName } from '#shared/names.js';
import {
  afterCursor,
  likeEscaped,
  param,
  preparedStatement,
  toPage,
  type DbOrTx,
  type Page,
} from '#server/db/client.js';
import { businessProfiles, conversations, jobs, messages, users } from '#server/db/schema/index.js';

// The conversation list's statements (GET /api/conversations, a page; GET /api/conversations/{id}, one) and their
// rows → answers; the thread's and the sending's are in queries.ts.

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

/** The other party of the conversation `c` (for the caller `me`). */
const otherOf = (c: SQL) =>
  sql`case when ${c}.customer_id = ${param('me')}::uuid then ${c}.provider_id else ${c}.customer_id end`;

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
      join ${users} u on u.id = ${otherOf(sql`c`)}
      left join ${businessProfiles} bp on bp.user_id = u.id
      left join lateral (
        select m.sender_id, m.content, m.created_at from ${messages} m
         where m.conversation_id = c.id
         order by m.created_at desc, m.id desc
         limit 1) last_message on true
     order by c.active_at desc, c.id desc`;

const isMine = (c: SQL) => sql`(${c}.customer_id = ${param('me')}::uuid or ${c}.provider_id = ${param('me')}::uuid)`;

/** A condition on the caller's conversations (`c`), and the tables it reads joined to them. */
type Matching = { joins: SQL; condition: SQL };

/**
 * A page of the caller's conversations, latest activity first, those `matching` only when given: chosen first
 * (keyset on (activity, id) after the conversation `before`, decision 045), then read as the list shows them.
 * `limit` is the page's size plus one (the row that says another page follows).
 */
const pageOfConversations = (matching?: Matching) =>
  asListed(sql`
      select c.id, c.job_id, c.customer_id, c.provider_id, ${activeAt(sql`c`)} as active_at
        from ${conversations} c
        ${matching?.joins ?? sql``}
       where ${isMine(sql`c`)}
         and ${afterCursor(
           activeAt(sql`c`),
           sql`c.id`,
           sql`${param('before')}::uuid`,
           sql`select ${activeAt(sql`x`)}, x.id from ${conversations} x
                where x.id = ${param('before')}::uuid and ${isMine(sql`x`)}`,
         )}
         ${matching ? sql`and ${matching.condition}` : sql``}
       order by active_at desc, c.id desc
       limit ${param('limit')}::int`);

/**
 * GET /api/conversations in one statement (issue 16, decision 018): a page of the caller's conversations. A named
 * prepared statement on PostgreSQL.
 */
const conversationListStatement = preparedStatement<ConversationListRow>('conversations_list', pageOfConversations());

/**
 * GET /api/conversations?q= (spec §5 'Conversation search', decision 048): the page of those whose job title, other
 * party's full name or business name holds `pattern` (an ILIKE pattern: case-insensitive). Joined, each of the
 * caller's conversations probes its job, its other party and their business profile by key (as subqueries under
 * an `or`, PostgreSQL hashed the whole users table instead).
 */
const conversationSearchStatement = preparedStatement<ConversationListRow>(
  'conversations_search',
  pageOfConversations({
    joins: sql`
        join ${jobs} sj on sj.id = c.job_id
        join ${users} su on su.id = ${otherOf(sql`c`)}
        left join ${businessProfiles} sbp on sbp.user_id = su.id`,
    condition: sql`(sj.title ilike ${param('pattern')}
          or (su.first_name || ' ' || su.last_name) ilike ${param('pattern')}
          or sbp.business_name ilike ${param('pattern')})`,
  }),
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

/**
 * A page of the caller's conversations, latest activity first (docs/contract.md §3.3); with `search`, those whose
 * job title, other party's name or business name holds it, in any case.
 */
export async function conversationsOf(
  db: DbOrTx,
  userId: string,
  page: { before?: string | undefined; limit: number; search?: string | undefined },
): Promise<Page<Conversation>> {
  const values = { me: userId, before: page.before ?? null, limit: page.limit + 1 };
  const rows = page.search
    ? await conversationSearchStatement(db, { ...values, pattern: `%${likeEscaped(page.search)}%` })
    : await conversationListStatement(db, values);
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

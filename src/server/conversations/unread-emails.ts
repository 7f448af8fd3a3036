import { backgroundOrigin } from '#server/http/context.js';
import { sql } from 'drizzle-orm';
import type { Config } from '#server/config.js';
import { rowsOf, type Db } from '#server/db/client.js';
import { jobs, messages, users } from '#server/db/schema/index.js';
import { enqueueEmails, notEnqueued } from '#server/mail/index.js';
import { messageEmail } from '#server/mail/emails.js';

type Due = {
  message_id: string;
  conversation_id: string;
  content: string;
  job_title: string;
  sender_first: string;
  sender_last: string;
  receiver_id: string;
};

/**
 * Messages (docs/contract.md §3.7): a message still unread `delaySeconds` after it was sent is emailed to its
 * recipient, once per conversation until they read it. The email is keyed by the oldest unread message
 * of the run (mark-read reads them all, so the next unread message starts a new run and a new key).
 */
export async function emailUnreadMessages(db: Db, config: Config, delaySeconds: number): Promise<number> {
  const result = await db.execute(sql`
    select m.id as message_id, m.conversation_id, m.content, j.title as job_title,
           s.first_name as sender_first, s.last_name as sender_last, m.receiver_id
      from ${messages} m
      join ${users} r on r.id = m.receiver_id
      join ${users} s on s.id = m.sender_id
      join ${jobs} j on j.id = m.job_id
     where not m.is_read
       and m.created_at <= now() - make_interval(secs => ${delaySeconds})
       and (r.email_notifications ->> 'messages')::boolean
       and not exists (select 1 from ${messages} e
                        where e.conversation_id = m.conversation_id and e.receiver_id = m.receiver_id
                          and not e.is_read and (e.created_at, e.id) < (m.created_at, m.id))
       and ${notEnqueued(sql`'message:' || m.id::text`)}
     limit 100`);
  const due = rowsOf<Due>(result);
  if (due.length === 0) return 0;
  const receivers = await db
    .select()
    .from(users)
    .where(
      sql`${users.id} in (${sql.join(
        [...new Set(due.map((d) => d.receiver_id))].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  const byId = new Map(receivers.map((u) => [u.id, u]));
  const origin = backgroundOrigin(config);
  return enqueueEmails(
    db,
    due.flatMap((d) => {
      const to = byId.get(d.receiver_id);
      if (!to) return [];
      return [
        {
          config,
          to,
          origin,
          kind: 'messages' as const,
          dedupeKey: `message:${d.message_id}`,
          content: messageEmail(to.language === 'es' ? 'es' : 'en', {
            sender: `${d.sender_first} ${d.sender_last}`.trim(),
            title: d.job_title,
            content: d.content,
            conversationId: d.conversation_id,
          }),
        },
      ];
    }),
  );
}

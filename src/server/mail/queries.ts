import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { param, preparedStatement, type Db } from '#server/db/client.js';
import { emailOutbox } from '#server/db/schema/index.js';

// The mail room's statements (docs/decisions/024): the outbox is its table; outbox.ts and worker.ts hold the rules.

/** An outbox row as outboxInsert reads it from JSON (outbox.ts outboxRows makes them). */
export type NewOutboxRow = {
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  dedupe_key: string | null;
};

/** A claimed email, as the claim returns it. */
type OutboxRow = Omit<NewOutboxRow, 'dedupe_key'> & { id: string; attempts: number; created_at: Date | string };

/**
 * Any number of outbox rows in one statement, as an SQL piece for a statement of its own or another room's CTE (a
 * bid writes its email beside its pushes, push/queries.ts): the rows travel as one JSON array (`rows`, an SQL json
 * expression; outbox.ts outboxRows makes them), so the statement's text does not depend on how many there are.
 */
export function outboxInsert(rows: SQL): SQL {
  return sql`insert into ${emailOutbox} (message_id, recipient, subject, text_body, html_body, headers, dedupe_key)
      select message_id, recipient, subject, text_body, html_body, headers, dedupe_key
        from json_to_recordset(${rows}) as r(message_id text, recipient text, subject text,
          text_body text, html_body text, headers jsonb, dedupe_key text)
      on conflict (dedupe_key) do nothing
      returning id`;
}

/** outboxInsert on its own, prepared once (values: `rows`, the JSON text of outboxRows). */
export const insertOutboxRows = preparedStatement<{ id: string }>(
  'email_outbox_insert',
  outboxInsert(sql`${param('rows')}::json`),
);

/**
 * A condition for a feature's own statement: no email with the dedupe key `key` (an SQL text expression) was
 * ever written to the outbox, sent or not. The outbox stays the mail room's table (decision 024).
 */
export function notEnqueued(key: SQL): SQL {
  return sql`not exists (select 1 from ${emailOutbox} o where o.dedupe_key = ${key})`;
}

/**
 * Claims due rows (FOR UPDATE SKIP LOCKED: two instances never take the same row) and leases them by
 * pushing next_attempt_at forward, all in one statement, so no transaction stays open while mail travels.
 * The rows are picked in a CTE, which PostgreSQL runs once: as an `id in (subquery)` the planner, on
 * statistics taken before a burst of emails, ran the subquery once per due row and claimed the whole backlog
 * in one go (8,000 rows in 7.7 s under `bench:api`'s bid placement, past the statement timeout).
 */
const claimStatement = preparedStatement<OutboxRow>(
  'email_outbox_claim',
  sql`
    with due as (
      select id from ${emailOutbox}
       where sent_at is null and next_attempt_at <= now()
       order by next_attempt_at
       limit ${param('batchSize')}::int
       for update skip locked)
    update ${emailOutbox} o
       set next_attempt_at = now() + make_interval(secs => ${param('leaseSeconds')}::float8), attempts = o.attempts + 1
      from due
     where o.id = due.id
    returning o.id, o.message_id, o.recipient, o.subject, o.text_body, o.html_body, o.headers, o.attempts,
              o.created_at`,
);
export const claim = (db: Db, batchSize: number, leaseMs: number) =>
  claimStatement(db, { batchSize, leaseSeconds: leaseMs / 1000 });

/** One statement per email sent (a bid writes one): prepared, as the claim. */
export const markSent = preparedStatement(
  'email_outbox_sent',
  sql`update ${emailOutbox} set sent_at = now(), last_error = null where id = ${param('id')}::uuid and sent_at is null`,
);

/**
 * Gives claimed emails that were not tried back at once (this instance is stopping): they are due again for
 * any instance, and the claim does not count as an attempt. Should this fail, their lease runs out instead.
 */
export async function release(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)));
}

/** A failed email waits `delayMs` before it is due again; its error is kept. */
export async function retryLater(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, lastError: error })
    .where(eq(emailOutbox.id, id));
}

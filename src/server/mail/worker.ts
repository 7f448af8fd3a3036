import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import { param, preparedStatement, type Db } from '#server/db/client.js';
import { emailOutbox } from '#server/db/schema/index.js';
import { safeErrorMessage } from '#server/http/logging.js';
import { createTransport, type Transport } from './transport.js';

export type MailWorkerOptions = {
  /** How often an instance looks for due emails. */
  pollMs?: number;
  /** The first retry waits this long, each next one twice as long, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A claimed email is someone else's to retry only after this long (the sender died mid-way). */
  leaseMs?: number;
  batchSize?: number;
};

type OutboxRow = {
  id: string;
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
  created_at: Date | string;
};

export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
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
const claim = (db: Db, batchSize: number, leaseMs: number) =>
  claimStatement(db, { batchSize, leaseSeconds: leaseMs / 1000 });

/** One statement per email sent (a bid writes one): prepared, as the claim. */
const markSent = preparedStatement(
  'email_outbox_sent',
  sql`update ${emailOutbox} set sent_at = now(), last_error = null where id = ${param('id')}::uuid and sent_at is null`,
);

/**
 * Gives claimed emails that were not tried back at once (this instance is stopping): they are due again for
 * any instance, and the claim does not count as an attempt. Should this fail, their lease runs out instead.
 */
async function release(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)));
}

/**
 * Sends what is due once; resolves with the number of emails handed over. When `stop` is aborted it ends
 * after the email under way, however long the backlog (a stopping instance has 10 s, docs/contract.md §3.8).
 */
export async function sendDueEmails(
  db: Db,
  config: Config,
  transport: Transport,
  log: FastifyBaseLogger,
  options: Required<MailWorkerOptions>,
  stop?: AbortSignal,
): Promise<number> {
  let sent = 0;
  while (!stop?.aborted) {
    const rows = await claim(db, options.batchSize, options.leaseMs);
    for (const [index, row] of rows.entries()) {
      if (stop?.aborted) {
        await release(
          db,
          rows.slice(index).map((r) => r.id),
        );
        return sent;
      }
      const createdAt = new Date(row.created_at);
      try {
        const file = await transport.send(
          {
            from: config.mail.from,
            to: row.recipient,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            messageId: row.message_id,
            date: createdAt,
            headers: row.headers,
          },
          `${createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}`,
        );
        await markSent(db, { id: row.id });
        sent += 1;
        if (file) log.info({ file, to: row.recipient, subject: row.subject }, `email written to ${file}`);
      } catch (error) {
        const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
        await db
          .update(emailOutbox)
          .set({
            nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
            lastError: safeErrorMessage(error).slice(0, 1000),
          })
          .where(eq(emailOutbox.id, row.id));
        log.warn({ err: error, attempts: row.attempts, retryInMs: delay }, 'email not sent; it will be retried');
      }
    }
    if (rows.length < options.batchSize) return sent;
  }
  return sent;
}

/**
 * The outbox worker of this instance (every instance runs one): the background room (background/loops.ts) runs
 * `run` every `pollMs` and calls `close` after its last run.
 */
export function mailWorker(db: Db, config: Config, log: FastifyBaseLogger, options: MailWorkerOptions = {}) {
  const settings: Required<MailWorkerOptions> = {
    pollMs: 2_000,
    retryBaseMs: 10_000,
    retryMaxMs: 15 * 60_000,
    leaseMs: 5 * 60_000,
    batchSize: 20,
    ...options,
  };
  const transport = createTransport(config);
  if (!config.mail.smtpUrl)
    log.info(`SMTP_URL is not set: emails are written as .eml files under ${config.dataDir}/mail`);
  return {
    pollMs: settings.pollMs,
    /** Sends what is due; when `stop` aborts, ends after the email under way (its claimed rest goes back). */
    run: (stop: AbortSignal) => sendDueEmails(db, config, transport, log, settings, stop),
    close: () => transport.close(),
  };
}

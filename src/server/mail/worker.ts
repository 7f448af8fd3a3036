import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { safeErrorMessage } from '#server/http/logging.js';
import { claim, markSent, release, retryLater } from './queries.js';
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

export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
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
        await retryLater(db, row.id, delay, safeErrorMessage(error).slice(0, 1000));
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

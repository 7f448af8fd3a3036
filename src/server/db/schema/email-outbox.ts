import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/**
 * Every email the app sends, written in the transaction of the event that causes it (docs/contract.md §3.7).
 * The worker (mail/worker.ts) claims due rows with FOR UPDATE SKIP LOCKED; `next_attempt_at` is both
 * the retry time and the lease of the instance sending it.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    /** The Message-ID header, fixed when the row is written: a resend is recognisable as the same email. */
    messageId: text('message_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** At most one email per key (a lead per job and provider, an unread-message run). */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_message_id_key').on(t.messageId),
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

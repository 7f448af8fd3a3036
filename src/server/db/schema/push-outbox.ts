import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { pushSubscriptions } from './push-subscriptions.js';

/**
 * Every push the app sends, one row per device, written in the transaction of the event that causes it
 * (docs/contract.md §3.10, docs/decisions/038-web-push.md). The worker (push/worker.ts) claims due rows with
 * FOR UPDATE SKIP LOCKED, as the email outbox's; a removed subscription takes its pushes with it.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The JSON the service worker reads: {type, title, body, url, tag}, in the recipient's language. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    urgency: text('urgency').notNull(),
    /** At most one push per key and device (a lead per job). */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up: refused by the push service (a 4xx other than 404/410), or still failing a day later. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_outbox_dedupe_key').on(t.subscriptionId, t.dedupeKey),
    index('push_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.droppedAt} is null`),
  ],
);

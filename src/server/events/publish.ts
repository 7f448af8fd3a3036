import { sql, type SQL } from 'drizzle-orm';
import type { EventType } from '#shared/events.js';
import type { DbOrTx } from '#server/db/client.js';

// Every event leaves through this file, and every one as a NOTIFY queued in the caller's transaction, so
// PostgreSQL delivers it to the listening instances (hub.ts) when that transaction commits and drops it when it
// rolls back: only committed changes are announced. Three ways in, one `pg_notify`:
// - publishEvents / publishEvent: the app knows the recipient and the data; one statement for all of them.
// - notifyInStatement: a statement announces what it wrote itself (recipient and data are its own columns).
// - notifySql: a statement sends a payload it builds otherwise (a notificationPayload it rewrites in SQL).

/** The one NOTIFY channel every app instance LISTENs on (docs/contract.md §1 scale-out). */
export const EVENTS_CHANNEL = 'tradesbid_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 7_500;

/** What travels through NOTIFY: the recipient, the type, and the data or a reference to load it by. */
export type Notification = { u: string; t: EventType; d?: unknown; r?: Record<string, string> };

export type OutgoingEvent = {
  userId: string;
  type: EventType;
  data: unknown;
  /** Sent instead of `data` when the payload is too large for NOTIFY; the receiving instance loads it. */
  reference?: Record<string, string>;
};

/** The NOTIFY payload of one event: its data, or its reference when the data is too large. */
export function notificationPayload({ userId, type, data, reference }: OutgoingEvent): string {
  const payload = JSON.stringify({ u: userId, t: type, d: data } satisfies Notification);
  if (Buffer.byteLength(payload, 'utf8') <= NOTIFY_PAYLOAD_LIMIT_BYTES) return payload;
  if (!reference) throw new Error(`event ${type} is too large for NOTIFY and has no reference`);
  return JSON.stringify({ u: userId, t: type, r: reference } satisfies Notification);
}

/** The one `pg_notify` of the app: the event payload (text, in notificationPayload's format) on EVENTS_CHANNEL. */
export function notifySql(payload: SQL): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, ${payload})`;
}

/**
 * A NOTIFY for a statement to run itself, for a small event whose recipient and data the statement
 * produces (a new balance, a new bid's id): the same payload as notificationPayload, built in SQL.
 */
export function notifyInStatement(userId: SQL, type: EventType, data: SQL): SQL {
  return notifySql(sql`json_build_object('u', ${userId}, 't', ${sql.raw(`'${type}'`)}, 'd', ${data})::text`);
}

/**
 * Queues events inside the caller's transaction: PostgreSQL delivers them to every listening
 * instance when the transaction commits, and drops them when it rolls back. One statement for all, however many:
 * the payloads travel as one array parameter, a row each, in their order (a lead's fan-out in a city alerts more
 * providers than a select list may have columns, 1,664).
 */
export async function publishEvents(db: DbOrTx, events: OutgoingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads = sql.param(events.map(notificationPayload));
  await db.execute(sql`select ${notifySql(sql`event.payload`)}
    from unnest(${payloads}::text[]) with ordinality as event(payload, n) order by event.n`);
}

/** Queues one event for `userId` in the caller's transaction (see publishEvents). */
export async function publishEvent(
  db: DbOrTx,
  userId: string,
  type: EventType,
  data: unknown,
  reference?: Record<string, string>,
): Promise<void> {
  await publishEvents(db, [{ userId, type, data, reference }]);
}

import { sql } from 'drizzle-orm';
import type { EventType } from '#shared/events.js';
import type { DbOrTx } from '#server/db/client.js';

/** The one NOTIFY channel every app instance LISTENs on (DESIGN.md §1 scale-out). */
export const EVENTS_CHANNEL = 'tradesbid_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 7_500;

/** What travels through NOTIFY: the recipient, the type, and the data or a reference to load it by. */
export type Notification = { u: string; t: EventType; d?: unknown; r?: Record<string, string> };

/**
 * Queues an event for `userId` inside the caller's transaction: PostgreSQL delivers it to every
 * listening instance when the transaction commits, and drops it when it rolls back. A payload too
 * large for NOTIFY travels as `reference`, which the receiving instance loads (see hub.ts).
 */
export async function publishEvent(
  db: DbOrTx,
  userId: string,
  type: EventType,
  data: unknown,
  reference?: Record<string, string>,
): Promise<void> {
  let payload = JSON.stringify({ u: userId, t: type, d: data } satisfies Notification);
  if (Buffer.byteLength(payload, 'utf8') > NOTIFY_PAYLOAD_LIMIT_BYTES) {
    if (!reference) throw new Error(`event ${type} is too large for NOTIFY and has no reference`);
    payload = JSON.stringify({ u: userId, t: type, r: reference } satisfies Notification);
  }
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

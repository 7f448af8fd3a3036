import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { param, preparedStatement, type Db, type DbOrTx } from '#server/db/client.js';
import { pushOutbox, pushSubscriptions, users, vapidKeys } from '#server/db/schema/index.js';
import { outboxInsert } from '#server/mail/index.js';

// The push room's statements (docs/decisions/038-web-push.md): subscriptions, the push outbox and the VAPID
// keys are its tables; it reads `users` (the auth feature's) only for a recipient's language and switches, as
// the mail room does for emails.

/** The key pair of the database, after writing `candidate` if there was none: the first writer wins. */
export async function keepVapidKeys(db: Db, candidate: { publicKey: string; privateKey: string }) {
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...candidate })
    .onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  return { publicKey: row!.publicKey, privateKey: row!.privateKey };
}

/** Devices kept per user: a new one past this replaces the one posted least recently. */
export const SUBSCRIPTIONS_PER_USER = 10;

/**
 * The endpoint made the caller's (a device belongs to one user: the latest wins), with its keys. Answers whose
 * it was before (null: nobody's). Its pushes still waiting for the previous owner are removed. The user keeps
 * their SUBSCRIPTIONS_PER_USER devices posted most recently (each device posts again on every visit, so the one
 * dropped is the one longest unused); the user's subscriptions are changed one transaction at a time.
 */
export async function upsertSubscription(
  tx: DbOrTx,
  row: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<{ id: string; createdAt: Date; previousUserId: string | null }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('push_subscriptions:' || ${row.userId}, 0))`);
  const [previous] = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, row.endpoint))
    .for('update');
  const [saved] = await tx
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, updatedAt: sql`now()` },
    })
    .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt });
  if (previous && previous.userId !== row.userId) {
    await tx.delete(pushOutbox).where(eq(pushOutbox.subscriptionId, previous.id));
  }
  // Its pushes go with a replaced device (the foreign key cascades).
  await tx.execute(sql`
    delete from ${pushSubscriptions} where user_id = ${row.userId} and id not in (
      select id from ${pushSubscriptions} where user_id = ${row.userId}
       order by updated_at desc, created_at desc limit ${SUBSCRIPTIONS_PER_USER})`);
  return { id: saved!.id, createdAt: saved!.createdAt, previousUserId: previous?.userId ?? null };
}

/** Removes the caller's subscription of `endpoint`; false when it is not theirs (or unknown). */
export async function deleteSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * One push for every device of the recipients who keep the kind on, as an SQL piece for a statement of its own or
 * a feature's CTE (a message writes its pushes in its own statement): `recipients` an SQL uuid[] expression,
 * `payloads` an SQL jsonb `{en, es}` (each device gets its user's language); values pushUrgency, pushDedupeKey and
 * pushKind (service.ts pushValues). A job may be a lead for a thousand providers: still one statement.
 */
export function pushInsert(recipients: SQL, payloads: SQL): SQL {
  return sql`insert into ${pushOutbox} (subscription_id, payload, urgency, dedupe_key)
      select s.id, (${payloads}) -> u.language, ${param('pushUrgency')}, ${param('pushDedupeKey')}
        from ${pushSubscriptions} s
        join ${users} u on u.id = s.user_id
       where s.user_id = any(${recipients})
         and coalesce((u.push_notifications ->> ${param('pushKind')}::text)::boolean, true)
      on conflict (subscription_id, dedupe_key) do nothing
      returning id`;
}

/** The NOTIFY channel of new pushes: every instance's worker LISTENs and sends at once (background/loops.ts). */
export const PUSH_CHANNEL = 'tradesbid_pushes';

/**
 * Wakes the push workers when the statement's transaction commits (PostgreSQL delivers a NOTIFY only then, one per
 * transaction however often it is asked), so a lead does not wait for a worker's next poll: a CTE body for a
 * statement whose CTE `pushes` holds pushInsert's rows, selected by count; no NOTIFY when it wrote none.
 */
export function pushWake(pushes: SQL): SQL {
  return sql`select pg_notify('${sql.raw(PUSH_CHANNEL)}', '') from (select 1 from ${pushes} limit 1) as written`;
}

const recipients = sql`${param('pushUserIds')}::uuid[]`;
const payloads = sql`${param('pushPayloads')}::jsonb`;

/** pushInsert on its own, and the wake, prepared once (values: pushValues). */
export const insertPushes = preparedStatement<{ pushes: number }>(
  'push_outbox_insert',
  sql`with pushes as (${pushInsert(recipients, payloads)}), woke as (${pushWake(sql`pushes`)})
      select (select count(*)::int from pushes) as pushes, (select count(*)::int from woke) as woke`,
);

/** A notice's emails (mail room's outbox rows, `rows`) and its pushes written by one statement, one round trip. */
export const insertNotices = preparedStatement<{ emails: number; pushes: number }>(
  'notices_insert',
  sql`with emails as (${outboxInsert(sql`${param('rows')}::json`)}), pushes as (${pushInsert(recipients, payloads)}),
        woke as (${pushWake(sql`pushes`)})
      select (select count(*)::int from emails) as emails, (select count(*)::int from pushes) as pushes,
        (select count(*)::int from woke) as woke`,
);

/** A claimed push, with the subscription it goes to. */
export type ClaimedPush = {
  id: string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: Record<string, string>;
  urgency: string;
  attempts: number;
  created_at: string | Date;
};

/**
 * Claims due pushes (FOR UPDATE SKIP LOCKED: two instances never take the same row) and leases them by moving
 * next_attempt_at forward, in one statement, as the email outbox does (mail/queries.ts).
 */
const claimStatement = preparedStatement<ClaimedPush>(
  'push_outbox_claim',
  sql`
    with due as (
      select id from ${pushOutbox}
       where sent_at is null and dropped_at is null and next_attempt_at <= now()
       order by next_attempt_at
       limit ${param('batchSize')}::int
       for update skip locked)
    update ${pushOutbox} o
       set next_attempt_at = now() + make_interval(secs => ${param('leaseSeconds')}::float8), attempts = o.attempts + 1
      from due, ${pushSubscriptions} s
     where o.id = due.id and s.id = o.subscription_id
    returning o.id, o.subscription_id, s.endpoint, s.p256dh, s.auth, o.payload, o.urgency, o.attempts, o.created_at`,
);
export const claimPushes = (db: Db, batchSize: number, leaseMs: number) =>
  claimStatement(db, { batchSize, leaseSeconds: leaseMs / 1000 });

/** Pushes delivered, in one statement (the worker gathers the lanes' marks, worker.ts). */
export const markPushesSent = preparedStatement(
  'push_outbox_sent',
  sql`update ${pushOutbox} set sent_at = now(), last_error = null
       where id = any(${param('ids')}::uuid[]) and sent_at is null`,
);

/** Given up on: kept with its reason, never tried again. */
export async function markPushDropped(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ droppedAt: sql`now()`, lastError: error })
    .where(eq(pushOutbox.id, id));
}

export async function retryPushLater(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, lastError: error })
    .where(eq(pushOutbox.id, id));
}

/** Claimed pushes not tried (this instance is stopping) are due again at once; the claim is not an attempt. */
export async function releasePushes(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushOutbox)
    .set({ nextAttemptAt: sql`now()`, attempts: sql`${pushOutbox.attempts} - 1` })
    .where(and(inArray(pushOutbox.id, ids), isNull(pushOutbox.sentAt)));
}

/** A subscription its push service called gone (404/410): it and its pushes go. */
export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

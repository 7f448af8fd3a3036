import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EmailNotificationKind } from '#shared/auth.js';
import type { DbOrTx } from '#server/db/client.js';
import { sessions, users } from '#server/db/schema/index.js';
import type { UserRow } from '#server/http/context.js';

// The auth feature's statements: the `users` table is this feature's, and every statement on it is here.

type NewUser = typeof users.$inferInsert;

export async function insertUser(tx: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function userById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** What a notification email needs of each of these users (mail/outbox.ts renders it), read in the caller's transaction. */
export function selectRecipients(db: DbOrTx, ids: string[]) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      emailNotifications: users.emailNotifications,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The account with this email, in any case; `lock` takes its row lock for the caller's transaction. */
export async function userByEmail(db: DbOrTx, email: string, lock = false): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The account an OpenID Connect identity signs in with. */
export async function userByIdentity(db: DbOrTx, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return row;
}

/** A change to one user's row; `set` may hold SQL expressions on the row's own values. */
export async function updateUserRow(
  db: DbOrTx,
  userId: string,
  set: Partial<Record<keyof NewUser, unknown>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(set as Partial<NewUser>)
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The email is proven now, unless it was already (the first date stays). */
export const emailVerifiedNow = () => sql`coalesce(${users.emailVerifiedAt}, now())`;

/** Notification switches merged into the stored ones (a partial update): email's, push's. */
export const mergedNotifications = (switches: Partial<Record<EmailNotificationKind, boolean>>) =>
  sql`${users.emailNotifications} || ${JSON.stringify(switches)}::jsonb`;
export const mergedPushNotifications = (switches: Partial<Record<EmailNotificationKind, boolean>>) =>
  sql`${users.pushNotifications} || ${JSON.stringify(switches)}::jsonb`;

/** A customer's row made a provider's; none when the user is no longer a customer (the row lock decides). */
export async function promoteCustomer(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ role: 'provider', canProvideServices: true })
    .where(and(eq(users.id, userId), eq(users.role, 'customer')))
    .returning();
  return row;
}

export async function deleteSessionsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

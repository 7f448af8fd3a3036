import { toLanguage } from '#shared/i18n/languages.js';
import type { EmailNotificationKind, LoginInput, RegisterInput, UpdateUserInput, User } from '#shared/auth.js';
import type { Config } from '#server/config.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { isAdmin, type UserRow } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { enqueueEmailToRecipients, type NotificationEmail } from '#server/mail/index.js';
import { sendVerificationEmail } from './email-verification.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import {
  insertUser,
  mergedNotifications,
  mergedPushNotifications,
  promoteCustomer,
  selectRecipients,
  updateUserRow,
  userByEmail,
  userById,
} from './queries.js';

export function toUser(row: UserRow, config: Config): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    canProvideServices: row.canProvideServices,
    canRequestServices: row.canRequestServices,
    credits: row.credits,
    isAdmin: isAdmin(config, row),
    language: toLanguage(row.language),
    emailNotifications: row.emailNotifications,
    pushNotifications: row.pushNotifications,
    weeklyCreditLimit: row.weeklyCreditLimit,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A new email-and-password account and its 'Confirm your email' email, in one transaction. */
export async function registerUser(db: Db, config: Config, input: RegisterInput, origin: string): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        language: input.language ?? 'en',
      });
      await sendVerificationEmail(tx, config, row, origin);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('email_taken');
    throw error;
  }
}

/** Wrong password and unknown email give the same answer in the same time (no account enumeration). */
export async function verifyLogin(db: DbOrTx, input: LoginInput): Promise<UserRow> {
  const row = await userByEmail(db, input.email);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !row.passwordHash || !ok) throw new AppError('invalid_credentials');
  return row;
}

/**
 * The language of a user's emails and pushes, their notification switches and their weekly credit cap (a partial
 * update, one statement).
 */
export async function updateUser(db: DbOrTx, userId: string, input: UpdateUserInput): Promise<UserRow> {
  const set: Parameters<typeof updateUserRow>[2] = {};
  if (input.language) set.language = input.language;
  const named = (given: UpdateUserInput['emailNotifications']) =>
    Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined));
  const email = named(input.emailNotifications);
  if (Object.keys(email).length > 0) set.emailNotifications = mergedNotifications(email);
  const push = named(input.pushNotifications);
  if (Object.keys(push).length > 0) set.pushNotifications = mergedPushNotifications(push);
  if (input.weeklyCreditLimit !== undefined) set.weeklyCreditLimit = input.weeklyCreditLimit;
  const row = Object.keys(set).length === 0 ? await userById(db, userId) : await updateUserRow(db, userId, set);
  return row!;
}

/** The account behind a session or a spent link, as the auth routes answer it. */
export async function loadUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const row = await userById(db, userId);
  if (!row) throw new AppError('not_found');
  return row;
}

/** The language of a user's emails and pages about them (English for an unknown user). */
export async function userLanguage(db: DbOrTx, userId: string) {
  return toLanguage((await userById(db, userId))?.language);
}

/** A one-click unsubscribe (mail/routes.ts): the user's switch for `kind` turned off; nothing for an unknown user. */
export async function turnOffNotifications(db: DbOrTx, userId: string, kind: EmailNotificationKind): Promise<void> {
  await updateUserRow(db, userId, { emailNotifications: mergedNotifications({ [kind]: false }) });
}

/** A customer's account made a provider's (providers/service.ts); undefined when it is no longer a customer. */
export const promoteToProvider = promoteCustomer;

/**
 * A notification to users known by id, each in their language (docs/contract.md §3.7), read in the caller's
 * transaction. It starts here because the users are this feature's table and the mail room imports no feature.
 */
export async function enqueueEmailToUsers(
  tx: DbOrTx,
  email: NotificationEmail & { userIds: string[] },
): Promise<number> {
  const ids = [...new Set(email.userIds)];
  if (ids.length === 0) return 0;
  return enqueueEmailToRecipients(tx, { ...email, recipients: await selectRecipients(tx, ids) });
}

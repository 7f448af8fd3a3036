import type { Config } from '#server/config.js';
import type { Db, DbOrTx } from '#server/db/client.js';
import { emailVerificationTokens } from '#server/db/schema/index.js';
import type { UserRow } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { enqueueEmail, languageOf, verifyEmailEmail } from '#server/mail/index.js';
import { emailVerifiedNow, updateUserRow, userByEmail } from './queries.js';
import { issueToken, revokeTokens, spendToken } from './single-use-token.js';

export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** Marks a user's email as proven (once: a second proof keeps the first date). */
export async function markEmailVerified(db: DbOrTx, userId: string): Promise<UserRow> {
  return (await updateUserRow(db, userId, { emailVerifiedAt: emailVerifiedNow() }))!;
}

/**
 * Queues a 'Confirm your email' email with a new 48-hour, single-use link, in the caller's transaction
 * (docs/decisions/031-email-verification.md). The user's earlier links stop working: only the newest is live.
 */
export async function sendVerificationEmail(tx: DbOrTx, config: Config, user: UserRow, origin: string) {
  await revokeTokens(tx, emailVerificationTokens, user.id);
  const token = await issueToken(tx, emailVerificationTokens, user.id, VERIFY_TOKEN_TTL_MS);
  await enqueueEmail(tx, {
    config,
    to: user,
    origin,
    content: verifyEmailEmail(languageOf(user), `/verify-email?token=${encodeURIComponent(token)}`),
  });
}

/** A signed-in user asks for a new link; an address already confirmed gets nothing. */
export async function resendVerification(db: Db, config: Config, user: UserRow, origin: string): Promise<void> {
  if (user.emailVerifiedAt) return;
  await db.transaction((tx) => sendVerificationEmail(tx, config, user, origin));
}

/**
 * Spends a confirmation token (the update that marks it used is the check) and marks its user's email
 * verified. A made-up, used or expired token is 400 invalid_token. Needs no session: the link may be
 * opened in another browser. Returns the user's id.
 */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const userId = await spendToken(tx, emailVerificationTokens, token);
    if (!userId) throw new AppError('invalid_token');
    await markEmailVerified(tx, userId);
    return userId;
  });
}

/**
 * `npm run admin -- grant EMAIL`: confirms the email of an account that ADMIN_EMAILS lists, so the first
 * operator can work at once. Only for a listed address: ADMIN_EMAILS stays the one list of operators.
 * Returns the account and whether its email was already verified.
 */
export async function grantOperator(db: Db, config: Config, email: string) {
  const address = email.trim().toLowerCase();
  if (!config.adminEmails.includes(address)) throw new AppError('not_admin');
  const row = await userByEmail(db, address);
  if (!row) throw new AppError('not_found');
  return { user: await markEmailVerified(db, row.id), alreadyVerified: row.emailVerifiedAt !== null };
}

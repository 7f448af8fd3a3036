import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { passwordResetTokens } from '#server/db/schema/index.js';
import { AppError } from '#server/http/errors.js';
import { enqueueEmail, languageOf, passwordResetEmail } from '#server/mail/index.js';
import { hashPassword } from './password.js';
import { deleteSessionsOf, updateUserRow, userByEmail } from './queries.js';
import { isLiveToken, issueToken, revokeTokens, spendToken } from './single-use-token.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * A known email gets a one-hour, single-use link (docs/contract.md §3.7); only the token's hash is stored.
 * An unknown email gets nothing, and the caller cannot tell the difference (the route answers 202 either way).
 */
export async function requestPasswordReset(db: Db, config: Config, email: string, origin: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    if (!user) return;
    const token = await issueToken(tx, passwordResetTokens, user.id, RESET_TOKEN_TTL_MS);
    await enqueueEmail(tx, {
      config,
      to: user,
      origin,
      content: passwordResetEmail(languageOf(user), `/reset-password?token=${encodeURIComponent(token)}`),
    });
  });
}

/**
 * Spends a token (once: the update that marks it used is the check), sets the new password and ends every
 * session of the user; the route then signs the caller in with a new session id. Returns the user's id.
 * A token that is not live is refused before the new password is hashed: a made-up token costs one
 * indexed read, not a scrypt (docs/decisions/032).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  if (!(await isLiveToken(db, passwordResetTokens, token))) throw new AppError('invalid_token');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await spendToken(tx, passwordResetTokens, token);
    if (!userId) throw new AppError('invalid_token');
    // Any other link sent to this user dies with this one.
    await revokeTokens(tx, passwordResetTokens, userId);
    await updateUserRow(tx, userId, { passwordHash });
    await deleteSessionsOf(tx, userId);
    return userId;
  });
}

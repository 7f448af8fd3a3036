import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { passwordResetTokens, sessions, users } from '#server/db/schema/index.js';
import { AppError } from '#server/http/errors.js';
import { enqueueEmail } from '#server/mail/index.js';
import { passwordResetEmail } from '#server/mail/emails.js';
import { hashPassword } from './password.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A known email gets a one-hour, single-use link (DESIGN.md §3.7); only the token's hash is stored.
 * An unknown email gets nothing, and the caller cannot tell the difference (the route answers 202 either way).
 */
export async function requestPasswordReset(db: Db, config: Config, email: string, origin: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const language = user.language === 'es' ? 'es' : 'en';
    await enqueueEmail(tx, {
      config,
      to: user,
      origin,
      content: passwordResetEmail(language, `/reset-password?token=${encodeURIComponent(token)}`),
    });
  });
}

const liveToken = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/**
 * Spends a token (once: the update that marks it used is the check), sets the new password and ends every
 * session of the user; the route then signs the caller in with a new session id. Returns the user's id.
 * A token that is not live is refused before the new password is hashed: a made-up token costs one
 * indexed read, not a scrypt (issue 36).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  const tokenHash = hashToken(token);
  const [live] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(liveToken(tokenHash));
  if (!live) throw new AppError('invalid_token');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(liveToken(tokenHash))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new AppError('invalid_token');
    // Any other link sent to this user dies with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    return spent.userId;
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.js';
import type { SingleUseTokenTable } from '#server/db/schema/single-use-tokens.js';

// The links that prove who holds a mailbox (password reset, email confirmation): 256 random bits in the
// link, only their SHA-256 in the database (db/schema/single-use-tokens.ts), so a copy of the table opens nothing.

const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token, and what a presented token is looked up by. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new link's token for a user, valid for `ttlMs`; only its hash is written. */
export async function issueToken(tx: DbOrTx, table: SingleUseTokenTable, userId: string, ttlMs: number) {
  const token = newToken();
  await tx.insert(table).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

const live = (table: SingleUseTokenTable, token: string) =>
  and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt), gt(table.expiresAt, sql`now()`));

/** Whether a token is live (unused, unexpired): a cheap look before costly work that only a live token earns. */
export async function isLiveToken(db: DbOrTx, table: SingleUseTokenTable, token: string): Promise<boolean> {
  const [row] = await db.select({ userId: table.userId }).from(table).where(live(table, token)).limit(1);
  return row !== undefined;
}

/**
 * Spends a live token (unused, unexpired) once: the update that marks it used is the check, so two
 * requests with one token cannot both pass. Returns its user's id, or null for a made-up, used or expired token.
 */
export async function spendToken(tx: DbOrTx, table: SingleUseTokenTable, token: string): Promise<string | null> {
  const [spent] = await tx
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(live(table, token))
    .returning({ userId: table.userId });
  return spent?.userId ?? null;
}

/** Every live token of a user dies (a newer link replaces them, or one of them was just spent). */
export async function revokeTokens(tx: DbOrTx, table: SingleUseTokenTable, userId: string): Promise<void> {
  await tx
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

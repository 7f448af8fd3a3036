import { eq, sql } from 'drizzle-orm';
import type { CreditDescriptionParams, CreditTransactionType } from '#shared/credits.js';
import type { Tx } from '#server/db/client.js';
import { creditTransactions, users } from '#server/db/schema/index.js';
import { publishEvent } from '#server/events/publish.js';
import { AppError } from '#server/http/errors.js';
import { translate } from '#server/http/i18n.js';

export type LedgerEntry = {
  userId: string;
  /** Signed: positive adds credits, negative spends them. */
  amount: number;
  type: CreditTransactionType;
  /**
   * A catalog key ('credits:tx_bid_regular') and its values: the row stores the English text, and the
   * client renders the key in the user's language.
   */
  descriptionKey: string;
  descriptionParams?: CreditDescriptionParams;
  stripePaymentIntentId?: string;
  bidId?: string;
  promoCodeId?: string;
};

/**
 * The only way credits move (decision 004): the balance change and its ledger row, in the caller's
 * transaction. A spend that would take the balance below zero changes nothing and throws
 * insufficient_credits; the row lock taken by the UPDATE serialises concurrent spends of one user.
 * Every movement tells the user's open streams their new balance (credits.changed), on commit only.
 */
export async function postLedgerEntry(tx: Tx, entry: LedgerEntry): Promise<{ balance: number; transactionId: string }> {
  const [updated] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${entry.amount}` })
    .where(sql`${users.id} = ${entry.userId} AND ${users.credits} + ${entry.amount} >= 0`)
    .returning({ credits: users.credits });
  if (!updated) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId));
    throw new AppError(exists ? 'insufficient_credits' : 'not_found');
  }
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      userId: entry.userId,
      amount: entry.amount,
      type: entry.type,
      description: translate(entry.descriptionKey, entry.descriptionParams),
      descriptionParams: JSON.stringify({ key: entry.descriptionKey, params: entry.descriptionParams ?? {} }),
      stripePaymentIntentId: entry.stripePaymentIntentId,
      bidId: entry.bidId,
      promoCodeId: entry.promoCodeId,
    })
    .returning({ id: creditTransactions.id });
  await publishEvent(tx, entry.userId, 'credits.changed', { balance: updated.credits });
  return { balance: updated.credits, transactionId: row!.id };
}

/** The stored description_params column back as the API's key and values (see LedgerEntry). */
export function parseDescription(raw: string | null): { key: string | null; params: CreditDescriptionParams } {
  if (!raw) return { key: null, params: {} };
  try {
    const parsed = JSON.parse(raw) as { key?: unknown; params?: unknown };
    const key = typeof parsed.key === 'string' ? parsed.key : null;
    const params = parsed.params && typeof parsed.params === 'object' ? (parsed.params as CreditDescriptionParams) : {};
    return { key, params };
  } catch {
    return { key: null, params: {} };
  }
}

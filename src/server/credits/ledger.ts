import { eq, sql } from 'drizzle-orm';
import type { CreditDescriptionParams, CreditTransactionType } from '#shared/credits.js';
import { rowsOf, type Tx } from '#server/db/client.js';
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
  // One statement, one round trip inside the caller's transaction: the guarded balance change, then its
  // ledger row built from the updated row (none when the guard refused, so nothing is written).
  const description = translate(entry.descriptionKey, entry.descriptionParams);
  const params = JSON.stringify({ key: entry.descriptionKey, params: entry.descriptionParams ?? {} });
  const result = await tx.execute(sql`
    WITH updated AS (
      UPDATE ${users} SET credits = credits + ${entry.amount}
      WHERE id = ${entry.userId} AND credits + ${entry.amount} >= 0
      RETURNING id, credits
    ), inserted AS (
      INSERT INTO ${creditTransactions}
        (user_id, amount, type, description, description_params, stripe_payment_intent_id, bid_id, promo_code_id)
      SELECT id, ${entry.amount}, ${entry.type}, ${description}, ${params}, ${entry.stripePaymentIntentId ?? null},
        ${entry.bidId ?? null}::uuid, ${entry.promoCodeId ?? null}::uuid
      FROM updated
      RETURNING id
    )
    SELECT updated.credits, inserted.id FROM updated, inserted`);
  const [row] = rowsOf<{ credits: number; id: string }>(result);
  if (!row) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, entry.userId));
    throw new AppError(exists ? 'insufficient_credits' : 'not_found');
  }
  const balance = Number(row.credits);
  await publishEvent(tx, entry.userId, 'credits.changed', { balance });
  return { balance, transactionId: row.id };
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

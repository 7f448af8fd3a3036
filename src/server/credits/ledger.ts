import type { CreditDescriptionParams, CreditTransactionType } from '#shared/credits.js';
import type { Tx } from '#server/db/client.js';
import { AppError } from '#server/http/errors.js';
import { translate } from '#server/http/i18n.js';
import { ledgerStatement, userExists } from './queries.js';

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
 * One round trip inside the caller's transaction. `lowBalance`: this entry is a bid that took the balance below
 * LOW_BALANCE_CREDITS while no low-balance notice was standing, so the caller sends it (queries.ts).
 */
export async function postLedgerEntry(
  tx: Tx,
  entry: LedgerEntry,
): Promise<{ balance: number; transactionId: string; lowBalance: boolean }> {
  const [row] = await ledgerStatement(tx, {
    userId: entry.userId,
    amount: entry.amount,
    type: entry.type,
    description: translate(entry.descriptionKey, entry.descriptionParams),
    params: JSON.stringify({ key: entry.descriptionKey, params: entry.descriptionParams ?? {} }),
    stripePaymentIntentId: entry.stripePaymentIntentId ?? null,
    bidId: entry.bidId ?? null,
    promoCodeId: entry.promoCodeId ?? null,
  });
  if (!row) {
    throw new AppError((await userExists(tx, entry.userId)) ? 'insufficient_credits' : 'not_found');
  }
  return { balance: Number(row.credits), transactionId: row.id, lowBalance: row.low_balance === true };
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

import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '#server/db/client.js';
import { creditTransactions, users } from '#server/db/schema/index.js';
import { findLedgerDrift } from '#server/credits/index.js';

/** For every user: users.credits = SUM(credit_transactions.amount) and credits >= 0 (docs/contract.md §5). */
export async function assertLedgerInvariant(db: DbOrTx): Promise<void> {
  expect(await findLedgerDrift(db)).toEqual([]);
}

/** The user's balance as stored. */
export async function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

/** The bid's refund ledger rows (docs/contract.md §5: at most one). */
export function bidRefunds(db: DbOrTx, bidId: string) {
  return db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.bidId, bidId), eq(creditTransactions.type, 'refund')));
}

import { expect } from 'vitest';
import type { DbOrTx } from '#server/db/client.js';
import { findLedgerDrift } from '#server/credits/index.js';

/** For every user: users.credits = SUM(credit_transactions.amount) and credits >= 0 (docs/contract.md §5). */
export async function assertLedgerInvariant(db: DbOrTx): Promise<void> {
  expect(await findLedgerDrift(db)).toEqual([]);
}

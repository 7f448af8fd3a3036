import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '#server/db/client.js';

export type LedgerDrift = { id: string; credits: number; ledger: number };

/**
 * Every user whose cached balance differs from the sum of their ledger, or is negative (docs/contract.md §5).
 * Empty when the invariant holds; tests and the bid benchmark check it.
 */
export async function findLedgerDrift(db: DbOrTx): Promise<LedgerDrift[]> {
  const result = await db.execute(sql`
    SELECT u.id, u.credits, COALESCE(SUM(t.amount), 0)::int AS ledger
    FROM users u LEFT JOIN credit_transactions t ON t.user_id = u.id
    GROUP BY u.id, u.credits
    HAVING u.credits <> COALESCE(SUM(t.amount), 0) OR u.credits < 0`);
  return rowsOf<LedgerDrift>(result).map((r) => ({ id: r.id, credits: Number(r.credits), ledger: Number(r.ledger) }));
}

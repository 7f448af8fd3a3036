import { desc, eq, sql } from 'drizzle-orm';
import { LOW_BALANCE_CREDITS } from '#shared/bid-rules.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import { creditTransactions, users } from '#server/db/schema/index.js';
import { notifyInStatement } from '#server/events/index.js';

// The credits room's statements. Credits move only through ledger_entry (ledger.ts, decision 004).

/**
 * The guarded balance change, its ledger row built from the updated row (none when the guard refused, so
 * nothing is written), and the credits.changed event with the new balance: one prepared statement.
 * It keeps the low-balance flag too (docs/decisions/042-spend-controls.md): a bid that leaves the balance below
 * LOW_BALANCE_CREDITS sets it, and `low_balance` is true when that bid is the one the notice is for (the flag was
 * clear: read from the row locked first, so it is the latest); any entry that leaves the balance at or above the
 * mark (a purchase, a promo code, a refund) clears it.
 */
export const ledgerStatement = preparedStatement<{ credits: number; id: string; low_balance: boolean }>(
  'ledger_entry',
  sql`
    WITH before AS (
      SELECT id, low_balance_noticed FROM ${users} WHERE id = ${param('userId')}::uuid FOR NO KEY UPDATE
    ), updated AS (
      UPDATE ${users} SET credits = ${users}.credits + ${param('amount')}::int,
        low_balance_noticed = CASE WHEN ${users}.credits + ${param('amount')}::int >= ${sql.raw(String(LOW_BALANCE_CREDITS))}
            THEN false
          WHEN ${param('type')}::credit_transaction_type = 'bid' THEN true
          ELSE ${users}.low_balance_noticed END
      FROM before
      WHERE ${users}.id = before.id AND ${users}.credits + ${param('amount')}::int >= 0
      RETURNING ${users}.id, ${users}.credits,
        ${param('type')}::credit_transaction_type = 'bid' AND ${users}.low_balance_noticed
          AND NOT before.low_balance_noticed AS low_balance
    ), inserted AS (
      INSERT INTO ${creditTransactions}
        (user_id, amount, type, description, description_params, stripe_payment_intent_id, bid_id, promo_code_id)
      SELECT id, ${param('amount')}::int, ${param('type')}::credit_transaction_type, ${param('description')}::text,
        ${param('params')}::text, ${param('stripePaymentIntentId')}::text, ${param('bidId')}::uuid,
        ${param('promoCodeId')}::uuid
      FROM updated
      RETURNING id
    ), notified AS (
      SELECT ${notifyInStatement(sql`updated.id`, 'credits.changed', sql`json_build_object('balance', updated.credits)`)}
      FROM updated, inserted
    )
    SELECT updated.credits, inserted.id, updated.low_balance, (SELECT count(*) FROM notified) AS notified
    FROM updated, inserted`,
);

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** The user's balance, 0 when they are gone. */
export async function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return user?.credits ?? 0;
}

/** Whether a card payment (its Stripe PaymentIntent) already has its ledger row. */
export async function paymentCredited(db: DbOrTx, paymentIntentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditTransactions.id })
    .from(creditTransactions)
    .where(eq(creditTransactions.stripePaymentIntentId, paymentIntentId));
  return row !== undefined;
}

export type TransactionRow = typeof creditTransactions.$inferSelect;

/** The user's ledger rows, newest first. */
export function selectTransactions(db: DbOrTx, userId: string, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit);
}

export type LedgerDrift = { id: string; credits: number; ledger: number };

/**
 * Every user whose cached balance differs from the sum of their ledger, or is negative (docs/contract.md §5).
 * Empty when the invariant holds; tests and the bid benchmark check it.
 */
const ledgerDriftStatement = preparedStatement<LedgerDrift>(
  'credits_ledger_drift',
  sql`
    SELECT u.id, u.credits, COALESCE(SUM(t.amount), 0)::int AS ledger
    FROM ${users} u LEFT JOIN ${creditTransactions} t ON t.user_id = u.id
    GROUP BY u.id, u.credits
    HAVING u.credits <> COALESCE(SUM(t.amount), 0) OR u.credits < 0`,
);

export async function findLedgerDrift(db: DbOrTx): Promise<LedgerDrift[]> {
  const rows = await ledgerDriftStatement(db, {});
  return rows.map((r) => ({ id: r.id, credits: Number(r.credits), ledger: Number(r.ledger) }));
}

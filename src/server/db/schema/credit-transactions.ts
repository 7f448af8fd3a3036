import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bids } from './bids.js';
import { createdAt, id } from './columns.js';
import { creditTransactionType } from './enums.js';
import { promoCodes } from './promo-codes.js';
import { users } from './users.js';

/** The ledger: the only way credits move (decision 004). users.credits is its running sum. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    type: creditTransactionType('type').notNull(),
    description: text('description').notNull(),
    // Key of the description for the client (credits:tx_<type>) with its values.
    descriptionParams: text('description_params'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    // A refund's row marks its bid refunded (bids.refunded_at, migration 0018's trigger, decision 051).
    bidId: uuid('bid_id').references(() => bids.id, { onDelete: 'set null' }),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_transactions_user_idx').on(t.userId, t.createdAt),
    // A card payment adds credits once (docs/contract.md §5).
    uniqueIndex('credit_transactions_payment_intent_key').on(t.stripePaymentIntentId),
    // One charge and at most one refund per bid.
    uniqueIndex('credit_transactions_bid_type_key').on(t.bidId, t.type),
    // Free credits on upgrade are granted once per user.
    uniqueIndex('credit_transactions_bonus_once_key')
      .on(t.userId)
      .where(sql`${t.type} = 'bonus'`),
    check('credit_transactions_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

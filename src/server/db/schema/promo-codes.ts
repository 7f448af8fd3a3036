import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    creditsAmount: integer('credits_amount').notNull(),
    maxUses: integer('max_uses'),
    currentUses: integer('current_uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description'),
    createdBy: text('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Codes are matched case-insensitively.
    uniqueIndex('promo_codes_code_key').on(sql`upper(${t.code})`),
    check('promo_codes_credits_positive', sql`${t.creditsAmount} >= 1`),
    check('promo_codes_max_uses_positive', sql`${t.maxUses} IS NULL OR ${t.maxUses} >= 1`),
    // A promo code never exceeds maxUses (docs/contract.md §5), whatever the code above it does.
    check('promo_codes_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.currentUses} <= ${t.maxUses}`),
  ],
);

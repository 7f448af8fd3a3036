import { integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { promoCodes } from './promo-codes.js';
import { users } from './users.js';

export const promoCodeUsages = pgTable(
  'promo_code_usages',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    creditsReceived: integer('credits_received').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A user redeems a code at most once (docs/contract.md §4.13).
  (t) => [unique('promo_code_usages_user_code_key').on(t.userId, t.promoCodeId)],
);

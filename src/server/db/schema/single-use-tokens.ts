import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

/**
 * A table of single-use links sent to a user (password reset, email confirmation): only the SHA-256 of each
 * token is kept (auth/single-use-token.ts), with its expiry and when it was spent.
 */
export const singleUseTokenTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      id: id(),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      tokenHash: text('token_hash').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${name}_hash_key`).on(t.tokenHash), index(`${name}_user_idx`).on(t.userId)],
  );
export type SingleUseTokenTable = ReturnType<typeof singleUseTokenTable>;

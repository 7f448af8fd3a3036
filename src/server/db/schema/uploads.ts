import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

/** A stored, re-encoded image and who uploaded it (jobs may only reference their owner's uploads). */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    // Set while a sweeper removes the upload's files (decision 025); an old claim is a sweeper that died.
    sweepClaimedAt: timestamp('sweep_claimed_at', { withTimezone: true }),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

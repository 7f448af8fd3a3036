import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

const rating = (name: string) => integer(name);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revieweeId: uuid('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: rating('rating').notNull(),
    // Optional sub-ratings feeding the provider rating summary (spec §3).
    qualityRating: rating('quality_rating'),
    timelinessRating: rating('timeliness_rating'),
    communicationRating: rating('communication_rating'),
    valueRating: rating('value_rating'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reviews_job_reviewer_key').on(t.jobId, t.reviewerId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check(
      'reviews_sub_ratings_range',
      sql`coalesce(${t.qualityRating}, 1) BETWEEN 1 AND 5 AND coalesce(${t.timelinessRating}, 1) BETWEEN 1 AND 5
        AND coalesce(${t.communicationRating}, 1) BETWEEN 1 AND 5 AND coalesce(${t.valueRating}, 1) BETWEEN 1 AND 5`,
    ),
  ],
);

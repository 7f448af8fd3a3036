import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

// The jobs feature's table (TABLE_OWNERS in scripts/eslint-features.mjs).
export const jobs = pgTable('jobs', { id: uuid('id'), status: text('status') });

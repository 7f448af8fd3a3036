import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '#server/db/client.js';
import {
  bids,
  businessProfiles,
  categories,
  conversations,
  credentials,
  jobs,
  messages,
  milestones,
  portfolioItems,
  promoCodes,
  reviews,
  serviceAreas,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';

// The seed's own statements: demo data is written straight into the tables it fills, here and nowhere else in
// the seed; the rules it must keep (the credit ledger, the rating summaries, the search documents) it leaves to
// the features' services.

/** Rows into one table, returned as written. */
const insertInto =
  <T extends PgTable>(table: T) =>
  async (tx: DbOrTx, values: T['$inferInsert'][]): Promise<T['$inferSelect'][]> =>
    (await tx
      .insert(table)
      .values(values as never)
      .returning()) as T['$inferSelect'][];

export const insertUsers = insertInto(users);
export const insertJobs = insertInto(jobs);
export const insertBids = insertInto(bids);
export const insertConversations = insertInto(conversations);
export const insertMessages = insertInto(messages);
export const insertMilestones = insertInto(milestones);
export const insertReviews = insertInto(reviews);
export const insertBusinessProfiles = insertInto(businessProfiles);
export const insertServiceCapabilities = insertInto(serviceCapabilities);
export const insertServiceAreas = insertInto(serviceAreas);
export const insertCredentials = insertInto(credentials);
export const insertPortfolioItems = insertInto(portfolioItems);

/** The demo promo code, unless a code of that name exists. */
export async function insertPromoCode(tx: DbOrTx, values: typeof promoCodes.$inferInsert): Promise<void> {
  await tx.insert(promoCodes).values(values).onConflictDoNothing();
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}

/** Each category's id by its slug. */
export async function categoryIdsBySlug(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** The categories of the app, their names and icons brought up to date. */
export async function upsertCategories(db: Db, rows: (typeof categories.$inferInsert)[]): Promise<void> {
  await db
    .insert(categories)
    .values(rows)
    .onConflictDoUpdate({ target: categories.slug, set: { name: sql`excluded.name`, icon: sql`excluded.icon` } });
}

import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SHOWCASE_REVIEW_COUNT, type BusinessProfileData } from '#shared/business-profiles.js';
import type { CreateReviewData } from '#shared/projects.js';
import type { DbOrTx } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  credentials,
  jobs,
  portfolioItems,
  providerRatingSummaries,
  reviews,
  serviceAreas,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';

// The business-profiles room's statements for the profile, its lists, the admin review, the reviews of providers
// and the showcase (search, lead matching and ratings keep theirs beside their rules: search.ts, lead-match.ts,
// ratings.ts).

export type ProfileRow = typeof businessProfiles.$inferSelect;
export type CapabilityRow = typeof serviceCapabilities.$inferSelect;
export type AreaRow = typeof serviceAreas.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;
export type PortfolioRow = typeof portfolioItems.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

/** The profile's services with their categories, oldest first. */
export function selectCapabilities(db: DbOrTx, profileId: string) {
  return db
    .select({
      capability: serviceCapabilities,
      category: { id: categories.id, slug: categories.slug, name: categories.name },
    })
    .from(serviceCapabilities)
    .innerJoin(categories, eq(categories.id, serviceCapabilities.categoryId))
    .where(eq(serviceCapabilities.businessProfileId, profileId))
    .orderBy(asc(serviceCapabilities.createdAt), asc(serviceCapabilities.id));
}

/** The profile's service areas, oldest first. */
export function selectAreas(db: DbOrTx, profileId: string): Promise<AreaRow[]> {
  return db
    .select()
    .from(serviceAreas)
    .where(eq(serviceAreas.businessProfileId, profileId))
    .orderBy(asc(serviceAreas.createdAt), asc(serviceAreas.id));
}

/** The profile's credentials, oldest first. */
export function selectCredentials(db: DbOrTx, profileId: string): Promise<CredentialRow[]> {
  return db
    .select()
    .from(credentials)
    .where(eq(credentials.businessProfileId, profileId))
    .orderBy(asc(credentials.createdAt));
}

/** The profile's portfolio in its owner's order. */
export function selectPortfolio(db: DbOrTx, profileId: string): Promise<PortfolioRow[]> {
  return db
    .select()
    .from(portfolioItems)
    .where(eq(portfolioItems.businessProfileId, profileId))
    .orderBy(asc(portfolioItems.featuredOrder), asc(portfolioItems.createdAt));
}

/** The profile's public portfolio items as the showcase orders them (featured first, then newest). */
export function selectPublicPortfolio(db: DbOrTx, profileId: string): Promise<PortfolioRow[]> {
  return db
    .select()
    .from(portfolioItems)
    .where(and(eq(portfolioItems.businessProfileId, profileId), eq(portfolioItems.isPublic, true)))
    .orderBy(sql`${portfolioItems.featuredOrder} asc nulls last`, desc(portfolioItems.createdAt));
}

/** The user's profile row; `lock` locks it for update until the caller's transaction ends. */
export async function selectProfileOf(db: DbOrTx, userId: string, lock: boolean): Promise<ProfileRow | undefined> {
  const query = db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function selectProfile(db: DbOrTx, profileId: string): Promise<ProfileRow | undefined> {
  const [profile] = await db.select().from(businessProfiles).where(eq(businessProfiles.id, profileId));
  return profile;
}

export async function insertProfile(db: DbOrTx, userId: string, input: BusinessProfileData): Promise<ProfileRow> {
  const [inserted] = await db
    .insert(businessProfiles)
    .values({ ...input, userId })
    .returning();
  return inserted!;
}

export async function updateProfile(db: DbOrTx, profileId: string, input: BusinessProfileData): Promise<ProfileRow> {
  const [updated] = await db.update(businessProfiles).set(input).where(eq(businessProfiles.id, profileId)).returning();
  return updated!;
}

export async function updateSearchDocument(db: DbOrTx, profileId: string, searchDocument: string): Promise<void> {
  await db.update(businessProfiles).set({ searchDocument }).where(eq(businessProfiles.id, profileId));
}

export type ProfileWithOwner = { profile: ProfileRow; user: UserRow };

/** Profiles with their owners for the admin review, unverified first: all, or by verified state. */
export function selectProfilesForReview(db: DbOrTx, verified: boolean | null): Promise<ProfileWithOwner[]> {
  return db
    .select({ profile: businessProfiles, user: users })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(verified === null ? undefined : eq(businessProfiles.isVerified, verified))
    .orderBy(asc(businessProfiles.isVerified), asc(businessProfiles.createdAt))
    .limit(200);
}

/** Credentials with their businesses' names for the admin review, unverified first. */
export function selectCredentialsForReview(db: DbOrTx, verified: boolean | null) {
  return db
    .select({ credential: credentials, businessName: businessProfiles.businessName })
    .from(credentials)
    .innerJoin(businessProfiles, eq(businessProfiles.id, credentials.businessProfileId))
    .where(verified === null ? undefined : eq(credentials.isVerified, verified))
    .orderBy(asc(credentials.isVerified), asc(credentials.createdAt))
    .limit(200);
}

/** The profile marked verified (first verification time kept) with its owner; undefined when there is none. */
export async function markProfileVerified(db: DbOrTx, profileId: string): Promise<ProfileWithOwner | undefined> {
  const [profile] = await db
    .update(businessProfiles)
    .set({ isVerified: true, verifiedAt: sql`coalesce(${businessProfiles.verifiedAt}, now())` })
    .where(eq(businessProfiles.id, profileId))
    .returning();
  if (!profile) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, profile.userId));
  return { profile, user: user! };
}

/** The credential marked verified with its business's name; undefined when there is none. */
export async function markCredentialVerified(db: DbOrTx, credentialId: string) {
  const [credential] = await db
    .update(credentials)
    .set({ isVerified: true })
    .where(eq(credentials.id, credentialId))
    .returning();
  if (!credential) return undefined;
  const [profile] = await db
    .select({ businessName: businessProfiles.businessName })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, credential.businessProfileId));
  return { credential, businessName: profile!.businessName };
}

/** The provider's profile, user and stored rating summary, for the showcase. */
export async function selectShowcaseHead(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ profile: businessProfiles, user: users, summary: providerRatingSummaries })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .leftJoin(providerRatingSummaries, eq(providerRatingSummaries.businessProfileId, businessProfiles.id))
    .where(eq(businessProfiles.userId, userId));
  return row;
}

export async function insertReview(
  db: DbOrTx,
  values: CreateReviewData & { jobId: string; reviewerId: string; revieweeId: string },
): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

/** The reviews of these jobs, by job and reviewer. */
export function selectReviewers(db: DbOrTx, jobIds: string[]) {
  return db
    .select({ jobId: reviews.jobId, reviewerId: reviews.reviewerId })
    .from(reviews)
    .where(inArray(reviews.jobId, jobIds));
}

/** The provider's latest reviews with their jobs' titles and reviewers' names. */
export function selectRecentReviews(db: DbOrTx, userId: string) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      jobTitle: jobs.title,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(reviews)
    .innerJoin(jobs, eq(jobs.id, reviews.jobId))
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.revieweeId, userId))
    .orderBy(desc(reviews.createdAt))
    .limit(SHOWCASE_REVIEW_COUNT);
}

// The profile's lists (items.ts): each item belongs to one profile.

export type ListTable = PgTable & { id: PgColumn; businessProfileId: PgColumn };

/** Whether the item is the profile's own. */
export async function ownsItem(db: DbOrTx, table: ListTable, itemId: string, profileId: string): Promise<boolean> {
  const [owned] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, itemId), eq(table.businessProfileId, profileId)));
  return owned !== undefined;
}

export async function deleteItemRow(db: DbOrTx, table: ListTable, itemId: string): Promise<void> {
  await db.delete(table).where(eq(table.id, itemId));
}

export async function selectCategory(db: DbOrTx, categoryId: number) {
  const [category] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return category;
}

type ItemTable = typeof serviceCapabilities | typeof serviceAreas | typeof credentials | typeof portfolioItems;

/** A list item of the profile, changed (with an id) or added. */
export async function saveItemRow<T extends ItemTable>(
  db: DbOrTx,
  table: T,
  profileId: string,
  itemId: string | null,
  values: Omit<T['$inferInsert'], 'businessProfileId'>,
): Promise<T['$inferSelect']> {
  const [row] = itemId
    ? await db
        .update(table as ListTable)
        .set(values as never)
        .where(eq(table.id, itemId))
        .returning()
    : await db
        .insert(table as ListTable)
        .values({ ...values, businessProfileId: profileId } as never)
        .returning();
  return row as T['$inferSelect'];
}

export async function areaIdsOf(db: DbOrTx, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: serviceAreas.id })
    .from(serviceAreas)
    .where(eq(serviceAreas.businessProfileId, profileId));
  return rows.map((row) => row.id);
}

/** Every area of the profile but `keptId` stops being primary. */
export async function demoteAreas(db: DbOrTx, profileId: string, keptId: string): Promise<void> {
  await db
    .update(serviceAreas)
    .set({ isPrimary: false })
    .where(and(eq(serviceAreas.businessProfileId, profileId), ne(serviceAreas.id, keptId)));
}

import { eq, inArray, sql } from 'drizzle-orm';
import type { RatingSummary } from '#shared/projects.js';
import type { DbOrTx } from '#server/db/client.js';
import { businessProfiles, providerRatingSummaries, reviews } from '#server/db/schema/index.js';

// A provider's ratings (docs/decisions/015-provider-ratings-from-reviews.md): computed from their reviews (this
// room's table, reviews.ts), and the average copied onto the provider's business profile row, whose rank index
// gives the directory its order (decision 047).
// They live with the profiles they describe, so the projects room calls in here and never the other way round.

const avg = (value: string | null) => (value === null ? null : Number(value).toFixed(2));

/**
 * The rating summaries of these providers (user ids), computed from their reviews (decision 015):
 * the directory cards, the showcase and anything else showing ratings call this. Providers without
 * reviews are absent from the map.
 */
export async function ratingSummaryFor(db: DbOrTx, providerUserIds: string[]): Promise<Map<string, RatingSummary>> {
  const result = new Map<string, RatingSummary>();
  if (providerUserIds.length === 0) return result;
  const star = (n: number) => sql<number>`(count(*) filter (where ${reviews.rating} = ${n}))::int`;
  const rows = await db
    .select({
      providerId: reviews.revieweeId,
      total: sql<number>`count(*)::int`,
      average: sql<string>`round(avg(${reviews.rating}), 2)::text`,
      one: star(1),
      two: star(2),
      three: star(3),
      four: star(4),
      five: star(5),
      quality: sql<string | null>`round(avg(${reviews.qualityRating}), 2)::text`,
      timeliness: sql<string | null>`round(avg(${reviews.timelinessRating}), 2)::text`,
      communication: sql<string | null>`round(avg(${reviews.communicationRating}), 2)::text`,
      value: sql<string | null>`round(avg(${reviews.valueRating}), 2)::text`,
    })
    .from(reviews)
    .where(inArray(reviews.revieweeId, providerUserIds))
    .groupBy(reviews.revieweeId);
  for (const r of rows) {
    result.set(r.providerId, {
      providerId: r.providerId,
      totalRatings: Number(r.total),
      averageRating: avg(r.average)!,
      starCounts: [r.one, r.two, r.three, r.four, r.five].map(Number) as RatingSummary['starCounts'],
      qualityRating: avg(r.quality),
      timelinessRating: avg(r.timeliness),
      communicationRating: avg(r.communication),
      valueRating: avg(r.value),
    });
  }
  return result;
}

/**
 * Writes the provider's stored summary row from their reviews, when they have a business profile
 * (the table is keyed by profile). Call it in the transaction that adds a review, and when a profile
 * is created, so a profile made after its owner's first reviews starts with them (decision 015).
 */
export async function refreshRatingSummary(db: DbOrTx, providerUserId: string): Promise<void> {
  const [profile] = await db
    .select({ id: businessProfiles.id })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, providerUserId));
  if (!profile) return;
  const summary = (await ratingSummaryFor(db, [providerUserId])).get(providerUserId);
  if (!summary) return;
  const values = {
    totalRatings: summary.totalRatings,
    averageRating: summary.averageRating,
    oneStarCount: summary.starCounts[0],
    twoStarCount: summary.starCounts[1],
    threeStarCount: summary.starCounts[2],
    fourStarCount: summary.starCounts[3],
    fiveStarCount: summary.starCounts[4],
    qualityRating: summary.qualityRating,
    timelinessRating: summary.timelinessRating,
    communicationRating: summary.communicationRating,
    valueRating: summary.valueRating,
    updatedAt: new Date(),
  };
  await db
    .insert(providerRatingSummaries)
    .values({ businessProfileId: profile.id, ...values })
    .onConflictDoUpdate({ target: providerRatingSummaries.businessProfileId, set: values });
  // The directory's order reads the rating off the profile row (decision 047).
  await db.update(businessProfiles).set({ rating: summary.averageRating }).where(eq(businessProfiles.id, profile.id));
}

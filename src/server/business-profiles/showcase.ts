import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ProviderShowcase } from '#shared/business-profiles.js';
import { SHOWCASE_REVIEW_COUNT } from '#shared/business-profiles.js';
import { formatMoney } from '#shared/money.js';
import {
  businessProfiles,
  credentials,
  jobs,
  portfolioItems,
  providerRatingSummaries,
  reviews,
  users,
} from '#server/db/schema/index.js';
import type { Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { listAreas, listCapabilities, UUID } from './service.js';

const rating = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** GET /api/provider/{id}/showcase, id = the provider's user id; 404 for anyone without a business profile. */
export async function getShowcase(ctx: Ctx, userId: string): Promise<ProviderShowcase> {
  if (!UUID.test(userId)) throw new AppError('provider_not_found');
  const [row] = await ctx.db
    .select({ profile: businessProfiles, user: users, summary: providerRatingSummaries })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .leftJoin(providerRatingSummaries, eq(providerRatingSummaries.businessProfileId, businessProfiles.id))
    .where(eq(businessProfiles.userId, userId));
  if (!row) throw new AppError('provider_not_found');
  const { profile, user, summary } = row;

  const [caps, areas, items, creds, recent] = await Promise.all([
    listCapabilities(ctx.db, profile.id),
    listAreas(ctx.db, profile.id),
    ctx.db
      .select()
      .from(portfolioItems)
      .where(and(eq(portfolioItems.businessProfileId, profile.id), eq(portfolioItems.isPublic, true)))
      .orderBy(sql`${portfolioItems.featuredOrder} asc nulls last`, desc(portfolioItems.createdAt)),
    ctx.db
      .select()
      .from(credentials)
      .where(eq(credentials.businessProfileId, profile.id))
      .orderBy(asc(credentials.createdAt)),
    ctx.db
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
      .limit(SHOWCASE_REVIEW_COUNT),
  ]);

  return {
    id: user.id,
    businessName: profile.businessName,
    firstName: user.firstName,
    lastName: user.lastName,
    logoUrl: profile.logoUrl,
    coverImageUrl: profile.coverImageUrl,
    profileImageUrl: user.profileImageUrl,
    verified: profile.isVerified,
    businessType: profile.businessType,
    averageRating: Number(summary?.averageRating ?? 0),
    totalReviews: summary?.totalRatings ?? 0,
    yearsInBusiness: profile.yearsInBusiness,
    employeeCount: profile.employeeCount,
    serviceAreas: areas,
    serviceCapabilities: caps,
    website: profile.website,
    phone: profile.phone,
    email: user.email,
    description: profile.description,
    qualityRating: rating(summary?.qualityRating),
    timelinessRating: rating(summary?.timelinessRating),
    communicationRating: rating(summary?.communicationRating),
    valueRating: rating(summary?.valueRating),
    portfolioItems: items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      location: item.location,
      projectValue: formatMoney(item.projectValue),
      beforeImageUrls: item.beforeImageUrls,
      afterImageUrls: item.afterImageUrls,
    })),
    credentials: creds.map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      issuingAuthority: c.issuingAuthority,
      isVerified: c.isVerified,
    })),
    recentReviews: recent.map((r) => ({
      id: r.id,
      customerName: `${r.firstName} ${r.lastName.slice(0, 1)}${r.lastName ? '.' : ''}`.trim(),
      jobTitle: r.jobTitle,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

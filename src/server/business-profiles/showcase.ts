import type { ProviderShowcase } from '#shared/business-profiles.js';
import { formatMoney } from '#shared/money.js';
import type { Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { selectCredentials, selectPublicPortfolio, selectRecentReviews, selectShowcaseHead } from './queries.js';
import { listAreas, listCapabilities, UUID } from './service.js';

const rating = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** GET /api/provider/{id}/showcase, id = the provider's user id; 404 for anyone without a business profile. */
export async function getShowcase(ctx: Ctx, userId: string): Promise<ProviderShowcase> {
  if (!UUID.test(userId)) throw new AppError('provider_not_found');
  const row = await selectShowcaseHead(ctx.db, userId);
  if (!row) throw new AppError('provider_not_found');
  const { profile, user, summary } = row;

  const [caps, areas, items, creds, recent] = await Promise.all([
    listCapabilities(ctx.db, profile.id),
    listAreas(ctx.db, profile.id),
    selectPublicPortfolio(ctx.db, profile.id),
    selectCredentials(ctx.db, profile.id),
    selectRecentReviews(ctx.db, userId),
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
    languages: profile.languages,
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

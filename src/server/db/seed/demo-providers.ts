import { refreshRatingSummary, refreshSearchDocument } from '#server/business-profiles/index.js';
import type { Tx } from '#server/db/client.js';
import { lookupZip } from '#server/zip/index.js';
import { DEFAULT_LANGUAGES_SPOKEN } from '#shared/languages-spoken.js';
import { PROVIDERS, type DemoProvider } from './demo-providers-data.js';
import {
  categoryIdsBySlug,
  insertBusinessProfiles,
  insertCredentials,
  insertJobs,
  insertPortfolioItems,
  insertReviews,
  insertServiceAreas,
  insertServiceCapabilities,
  insertUsers,
} from './queries.js';

/**
 * A dozen providers with complete profiles in different places and trades, so the directory is alive
 * on first start. The demo provider account is the first; the demo customer leaves the reviews.
 */
export async function seedDemoProviders(
  tx: Tx,
  passwordHash: string,
  existing: { providerId: string; customerId: string },
) {
  const categoryIds = await categoryIdsBySlug(tx);
  const categoryId = (slug: string) => categoryIds.get(slug)!;
  for (const [index, p] of PROVIDERS.entries()) {
    const userId =
      index === 0
        ? existing.providerId
        : (
            await insertUsers(tx, [
              {
                email: p.email,
                emailVerifiedAt: new Date(),
                passwordHash,
                firstName: p.firstName,
                lastName: p.lastName,
                role: 'provider',
                canProvideServices: true,
              },
            ])
          )[0]!.id;
    const home = lookupZip(p.areas[0]![0])!;
    const [profile] = await insertBusinessProfiles(tx, [
      {
        userId,
        businessName: p.businessName,
        businessType: p.businessType,
        description: p.description,
        phone: p.phone,
        website: p.website ?? null,
        businessZipCode: home.zipCode,
        businessCity: home.city,
        businessState: home.state,
        yearsInBusiness: p.years,
        employeeCount: p.employees,
        isVerified: p.verified ?? false,
        verifiedAt: p.verified ? new Date() : null,
        languages: p.languages ?? DEFAULT_LANGUAGES_SPOKEN,
      },
    ]);
    const businessProfileId = profile!.id;
    await insertServiceCapabilities(
      tx,
      p.services.map((slug, i) => ({
        businessProfileId,
        categoryId: categoryId(slug),
        isSpecialty: i === 0,
        experienceYears: Math.max(1, p.years - i * 3),
      })),
    );
    await insertServiceAreas(
      tx,
      p.areas.map(([zip, radiusMiles], i) => {
        const place = lookupZip(zip)!;
        return {
          businessProfileId,
          zipCode: zip,
          city: place.city,
          state: place.state,
          county: place.county,
          latitude: place.latitude,
          longitude: place.longitude,
          radiusMiles,
          isPrimary: i === 0,
        };
      }),
    );
    await insertCredentials(tx, [
      {
        businessProfileId,
        type: p.credential.type,
        name: p.credential.name,
        issuingAuthority: p.credential.authority,
        credentialNumber: `${p.credential.type.slice(0, 2).toUpperCase()}-${10_000 + index * 137}`,
        isVerified: p.credential.verified,
      },
    ]);
    await insertPortfolioItems(tx, [
      {
        businessProfileId,
        title: p.project.title,
        description: p.project.description,
        categoryId: categoryId(p.services[0]!),
        projectValue: p.project.value,
        location: p.project.location,
        featuredOrder: 1,
      },
    ]);
    await seedReviews(tx, p, userId, businessProfileId, existing.customerId, categoryId(p.services[0]!));
    await refreshSearchDocument(tx, businessProfileId);
  }
}

/** Completed jobs the demo customer hired the provider for, each with its review, and the summary they make. */
async function seedReviews(
  tx: Tx,
  p: DemoProvider,
  providerId: string,
  businessProfileId: string,
  customerId: string,
  categoryId: number,
) {
  if (!p.ratings?.length) return;
  const place = lookupZip(p.areas[0]![0])!;
  for (const [i, [rating, quality, timeliness, communication, value]] of p.ratings.entries()) {
    const [job] = await insertJobs(tx, [
      {
        title: i === 0 ? p.project.title : `${p.project.title} (follow-up)`,
        description: p.project.description,
        categoryId,
        customerId,
        zipCode: place.zipCode,
        city: place.city,
        state: place.state,
        location: `${place.city}, ${place.state}`,
        status: 'completed',
        hiredProviderId: providerId,
        budgetMin: p.project.value,
        budgetMax: p.project.value,
        // Weeks old: the demo customer's open jobs stay first on the dashboard.
        createdAt: new Date(Date.now() - (30 + p.years + i * 7) * 86_400_000),
      },
    ]);
    await insertReviews(tx, [
      {
        jobId: job!.id,
        reviewerId: customerId,
        revieweeId: providerId,
        rating,
        qualityRating: quality,
        timelinessRating: timeliness,
        communicationRating: communication,
        valueRating: value,
        comment:
          rating >= 5
            ? 'Excellent work, on time and tidy. Would hire again.'
            : 'Good job overall, clear communication.',
      },
    ]);
  }
  // The one rating summary rule (reviews service) computes it from the reviews just written.
  await refreshRatingSummary(tx, providerId);
}

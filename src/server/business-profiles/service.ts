import type {
  BusinessProfile,
  BusinessProfileData,
  Credential,
  PortfolioItem,
  ServiceArea,
  ServiceCapability,
} from '#shared/business-profiles.js';
import { resources } from '#shared/i18n/index.js';
import { formatMoney } from '#shared/money.js';
import type { DbOrTx } from '#server/db/client.js';
import type { Ctx } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { AppError, validationError } from '#server/http/errors.js';
import { translate } from '#server/http/i18n.js';
import { refreshRatingSummary } from './ratings.js';
import { foreignPhotoUrls } from '#server/uploads/index.js';
import {
  insertProfile,
  selectAreas,
  selectCapabilities,
  selectCredentials,
  selectPortfolio,
  selectProfile,
  selectProfileOf,
  updateProfile,
  updateSearchDocument,
  type AreaRow,
  type CapabilityRow,
  type CredentialRow,
  type PortfolioRow,
  type ProfileRow,
} from './queries.js';

type CategoryRow = { id: number; slug: string; name: string };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function fieldError(path: string, key: string) {
  return { path, message: translate(key), code: key };
}

/** A business profile belongs to a provider (docs/contract.md §3.2). */
export function requireProvider(ctx: Ctx) {
  if (ctx.user.role !== 'provider') throw new AppError('not_provider');
}

export const toCapability = (row: CapabilityRow, category: CategoryRow): ServiceCapability => ({
  id: row.id,
  categoryId: row.categoryId,
  category,
  isSpecialty: row.isSpecialty,
  priceRangeMin: formatMoney(row.priceRangeMin),
  priceRangeMax: formatMoney(row.priceRangeMax),
  experienceYears: row.experienceYears,
  description: row.description,
});

export const toArea = (row: AreaRow): ServiceArea => ({
  id: row.id,
  zipCode: row.zipCode,
  city: row.city,
  state: row.state,
  county: row.county,
  latitude: row.latitude,
  longitude: row.longitude,
  radiusMiles: row.radiusMiles,
  travelFee: formatMoney(row.travelFee)!,
  isPrimary: row.isPrimary,
});

export const toCredential = (row: CredentialRow): Credential => ({
  id: row.id,
  type: row.type,
  name: row.name,
  issuingAuthority: row.issuingAuthority,
  credentialNumber: row.credentialNumber,
  issueDate: row.issueDate,
  expirationDate: row.expirationDate,
  isVerified: row.isVerified,
  documentUrl: row.documentUrl,
});

export const toPortfolioItem = (row: PortfolioRow): PortfolioItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  categoryId: row.categoryId,
  projectValue: formatMoney(row.projectValue),
  completedAt: row.completedAt,
  location: row.location,
  beforeImageUrls: row.beforeImageUrls,
  afterImageUrls: row.afterImageUrls,
  isPublic: row.isPublic,
  featuredOrder: row.featuredOrder,
});

export async function listCapabilities(db: DbOrTx, profileId: string): Promise<ServiceCapability[]> {
  const rows = await selectCapabilities(db, profileId);
  return rows.map((row) => toCapability(row.capability, row.category));
}

export async function listAreas(db: DbOrTx, profileId: string): Promise<ServiceArea[]> {
  const rows = await selectAreas(db, profileId);
  // The primary area first: cards show the first two.
  return rows.map(toArea).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
}

/** The profile with its lists. Its reads run side by side: give it the database, never a transaction (one connection). */
export async function toBusinessProfile(db: DbOrTx, row: ProfileRow): Promise<BusinessProfile> {
  const [caps, areas, creds, items] = await Promise.all([
    listCapabilities(db, row.id),
    listAreas(db, row.id),
    selectCredentials(db, row.id),
    selectPortfolio(db, row.id),
  ]);
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    businessType: row.businessType,
    description: row.description,
    website: row.website,
    phone: row.phone,
    businessAddress: row.businessAddress,
    businessZipCode: row.businessZipCode,
    businessCity: row.businessCity,
    businessState: row.businessState,
    yearsInBusiness: row.yearsInBusiness,
    employeeCount: row.employeeCount,
    logoUrl: row.logoUrl,
    coverImageUrl: row.coverImageUrl,
    languages: row.languages,
    isVerified: row.isVerified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    serviceCapabilities: caps,
    serviceAreas: areas,
    credentials: creds.map(toCredential),
    portfolioItems: items.map(toPortfolioItem),
  };
}

/** The caller's own profile row, or 404 (a provider without one) / 403 (a customer). */
export async function findOwnProfile(ctx: Ctx, db: DbOrTx = ctx.db, lock = false): Promise<ProfileRow> {
  requireProvider(ctx);
  const row = await selectProfileOf(db, ctx.user.id, lock);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Every URL must be an upload of the caller's (never someone else's file, never an outside URL). */
export async function assertOwnUploads(ctx: Ctx, fields: Record<string, (string | null)[]>) {
  for (const [path, urls] of Object.entries(fields)) {
    const given = urls.filter((url): url is string => !!url);
    if (given.length > 0 && (await foreignPhotoUrls(ctx.db, ctx.user.id, given)).length > 0) {
      throw validationError([fieldError(path, 'profiles:validation_upload_not_own')]);
    }
  }
}

/**
 * The text the directory's full-text search reads (decision 011): names, description, city and each
 * service's category in English and Spanish plus its description. Rewritten after every change.
 */
export async function refreshSearchDocument(db: DbOrTx, profileId: string) {
  const profile = await selectProfile(db, profileId);
  if (!profile) return;
  const caps = await listCapabilities(db, profileId);
  const spanish = resources.es.categories as Record<string, string>;
  const parts = [
    profile.businessName,
    profile.description,
    profile.businessCity,
    ...caps.flatMap((c) => [c.category.name, spanish[c.category.slug], c.description]),
  ];
  await updateSearchDocument(db, profileId, parts.filter(Boolean).join(' \n'));
}

export async function getOwnBusinessProfile(ctx: Ctx): Promise<BusinessProfile> {
  return toBusinessProfile(ctx.db, await findOwnProfile(ctx));
}

export async function createBusinessProfile(ctx: Ctx, input: BusinessProfileData): Promise<BusinessProfile> {
  requireProvider(ctx);
  await assertOwnUploads(ctx, { logoUrl: [input.logoUrl], coverImageUrl: [input.coverImageUrl] });
  let row: ProfileRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertProfile(tx, ctx.user.id, input);
      await refreshSearchDocument(tx, inserted.id);
      // Reviews earned before the profile existed count from the start (decision 015).
      await refreshRatingSummary(tx, ctx.user.id);
      return inserted;
    });
  } catch (error) {
    // docs/contract.md §3.2 names the code; the message says what exists.
    if (isUniqueViolation(error))
      throw new AppError('already_exists', { message: translate('profiles:already_exists') });
    throw error;
  }
  // Read once committed: toBusinessProfile's reads run side by side, which one transaction's connection cannot.
  return toBusinessProfile(ctx.db, row);
}

export async function updateBusinessProfile(
  ctx: Ctx,
  profileId: string,
  input: BusinessProfileData,
): Promise<BusinessProfile> {
  requireProvider(ctx);
  if (!UUID.test(profileId)) throw new AppError('not_found');
  await assertOwnUploads(ctx, { logoUrl: [input.logoUrl], coverImageUrl: [input.coverImageUrl] });
  const row = await ctx.db.transaction(async (tx) => {
    const profile = await findOwnProfile(ctx, tx, true);
    // Someone else's profile id is simply not found (docs/contract.md §3.2).
    if (profile.id !== profileId) throw new AppError('not_found');
    const updated = await updateProfile(tx, profileId, input);
    await refreshSearchDocument(tx, profileId);
    return updated;
  });
  return toBusinessProfile(ctx.db, row);
}

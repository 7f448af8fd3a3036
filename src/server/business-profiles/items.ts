import type {
  CapabilityData,
  Credential,
  CredentialData,
  PortfolioItem,
  PortfolioItemData,
  ServiceArea,
  ServiceAreaData,
  ServiceCapability,
} from '#shared/business-profiles.js';
import type { Tx } from '#server/db/client.js';
import { credentials, portfolioItems, serviceAreas, serviceCapabilities } from '#server/db/schema/index.js';
import type { Ctx } from '#server/http/context.js';
import { AppError, validationError } from '#server/http/errors.js';
import { lookupZip } from '#server/zip/index.js';
import {
  assertOwnUploads,
  fieldError,
  findOwnProfile,
  refreshSearchDocument,
  toArea,
  toCapability,
  toCredential,
  toPortfolioItem,
  UUID,
} from './service.js';
import {
  areaIdsOf,
  deleteItemRow,
  demoteAreas,
  ownsItem,
  saveItemRow,
  selectCategory,
  type ListTable,
  type ProfileRow,
} from './queries.js';

/**
 * Runs `change` in one transaction with the caller's profile locked. With an item id, the item must
 * belong to that profile: another provider's item is a 404 and nothing changes (docs/contract.md §3.2).
 */
async function withOwnProfile<T>(
  ctx: Ctx,
  item: { table: ListTable; id: string } | null,
  change: (tx: Tx, profile: ProfileRow) => Promise<T>,
): Promise<T> {
  if (item && !UUID.test(item.id)) throw new AppError('not_found');
  return ctx.db.transaction(async (tx) => {
    const profile = await findOwnProfile(ctx, tx, true);
    if (item && !(await ownsItem(tx, item.table, item.id, profile.id))) throw new AppError('not_found');
    return change(tx, profile);
  });
}

async function categoryOrFail(tx: Tx, categoryId: number, path = 'categoryId') {
  const category = await selectCategory(tx, categoryId);
  if (!category) throw validationError([fieldError(path, 'profiles:validation_category')]);
  return category;
}

async function deleteItem(
  ctx: Ctx,
  table: ListTable,
  itemId: string,
  afterwards?: (tx: Tx, profileId: string) => Promise<void>,
) {
  await withOwnProfile(ctx, { table, id: itemId }, async (tx, profile) => {
    await deleteItemRow(tx, table, itemId);
    await afterwards?.(tx, profile.id);
  });
}

// Capabilities ---------------------------------------------------------------------------------

export async function saveCapability(
  ctx: Ctx,
  itemId: string | null,
  input: CapabilityData,
): Promise<ServiceCapability> {
  const item = itemId ? { table: serviceCapabilities, id: itemId } : null;
  return withOwnProfile(ctx, item, async (tx, profile) => {
    const category = await categoryOrFail(tx, input.categoryId);
    const row = await saveItemRow(tx, serviceCapabilities, profile.id, itemId, input);
    await refreshSearchDocument(tx, profile.id);
    return toCapability(row, category);
  });
}

export const deleteCapability = (ctx: Ctx, itemId: string) =>
  deleteItem(ctx, serviceCapabilities, itemId, refreshSearchDocument);

// Service areas ---------------------------------------------------------------------------------

/** City, state, county and the centre's coordinates from the ZIP (docs/contract.md §3.2); city and state required. */
function placeOf(input: ServiceAreaData) {
  const place = lookupZip(input.zipCode);
  const city = input.city ?? place?.city ?? null;
  const state = input.state ?? place?.state ?? null;
  const errors = [
    ...(city ? [] : [fieldError('city', 'profiles:validation_city')]),
    ...(state ? [] : [fieldError('state', 'profiles:validation_state')]),
  ];
  if (errors.length > 0) throw validationError(errors);
  return {
    zipCode: input.zipCode.slice(0, 5),
    city: city!,
    state: state!,
    county: input.county ?? place?.county ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    radiusMiles: input.radiusMiles,
    travelFee: input.travelFee,
    isPrimary: input.isPrimary,
  };
}

export async function saveArea(ctx: Ctx, itemId: string | null, input: ServiceAreaData): Promise<ServiceArea> {
  const values = placeOf(input);
  const item = itemId ? { table: serviceAreas, id: itemId } : null;
  return withOwnProfile(ctx, item, async (tx, profile) => {
    const existing = await areaIdsOf(tx, profile.id);
    // One primary area: the first area is primary, and a new primary demotes the old one.
    const isPrimary = values.isPrimary || existing.filter((id) => id !== itemId).length === 0;
    if (isPrimary) await demoteAreas(tx, profile.id, itemId ?? profile.id);
    return toArea(await saveItemRow(tx, serviceAreas, profile.id, itemId, { ...values, isPrimary }));
  });
}

export const deleteArea = (ctx: Ctx, itemId: string) => deleteItem(ctx, serviceAreas, itemId);

// Credentials -----------------------------------------------------------------------------------

export async function saveCredential(ctx: Ctx, itemId: string | null, input: CredentialData): Promise<Credential> {
  await assertOwnUploads(ctx, { documentUrl: [input.documentUrl] });
  const item = itemId ? { table: credentials, id: itemId } : null;
  return withOwnProfile(ctx, item, async (tx, profile) => {
    // An edited credential must be verified again by an operator.
    return toCredential(
      await saveItemRow(tx, credentials, profile.id, itemId, itemId ? { ...input, isVerified: false } : input),
    );
  });
}

export const deleteCredential = (ctx: Ctx, itemId: string) => deleteItem(ctx, credentials, itemId);

// Portfolio ------------------------------------------------------------------------------------

export async function savePortfolioItem(
  ctx: Ctx,
  itemId: string | null,
  input: PortfolioItemData,
): Promise<PortfolioItem> {
  await assertOwnUploads(ctx, { beforeImageUrls: input.beforeImageUrls, afterImageUrls: input.afterImageUrls });
  const item = itemId ? { table: portfolioItems, id: itemId } : null;
  return withOwnProfile(ctx, item, async (tx, profile) => {
    if (input.categoryId !== null) await categoryOrFail(tx, input.categoryId);
    return toPortfolioItem(await saveItemRow(tx, portfolioItems, profile.id, itemId, input));
  });
}

export const deletePortfolioItem = (ctx: Ctx, itemId: string) => deleteItem(ctx, portfolioItems, itemId);

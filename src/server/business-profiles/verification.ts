import type { AdminBusinessProfile, AdminCredential } from '#shared/business-profiles.js';
import { requireAdmin, type Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import {
  markCredentialVerified,
  markProfileVerified,
  selectCredentialsForReview,
  selectProfilesForReview,
  type ProfileWithOwner,
} from './queries.js';
import { toCredential, UUID } from './service.js';

/** Operators' queue: profiles, unverified first when no filter is given. */
export async function listProfilesForReview(ctx: Ctx, verified: boolean | null): Promise<AdminBusinessProfile[]> {
  requireAdmin(ctx);
  return (await selectProfilesForReview(ctx.db, verified)).map(toAdminProfile);
}

const toAdminProfile = ({ profile, user }: ProfileWithOwner): AdminBusinessProfile => ({
  id: profile.id,
  userId: user.id,
  businessName: profile.businessName,
  ownerName: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  isVerified: profile.isVerified,
  verifiedAt: profile.verifiedAt?.toISOString() ?? null,
  createdAt: profile.createdAt.toISOString(),
});

export async function listCredentialsForReview(ctx: Ctx, verified: boolean | null): Promise<AdminCredential[]> {
  requireAdmin(ctx);
  const rows = await selectCredentialsForReview(ctx.db, verified);
  return rows.map(({ credential, businessName }) => ({
    ...toCredential(credential),
    businessProfileId: credential.businessProfileId,
    businessName,
    createdAt: credential.createdAt.toISOString(),
  }));
}

/** Marks a profile verified once; verifying again keeps the first verifiedAt. */
export async function verifyBusinessProfile(ctx: Ctx, profileId: string): Promise<AdminBusinessProfile> {
  requireAdmin(ctx);
  if (!UUID.test(profileId)) throw new AppError('not_found');
  const verifiedProfile = await markProfileVerified(ctx.db, profileId);
  if (!verifiedProfile) throw new AppError('not_found');
  return toAdminProfile(verifiedProfile);
}

export async function verifyCredential(ctx: Ctx, credentialId: string): Promise<AdminCredential> {
  requireAdmin(ctx);
  if (!UUID.test(credentialId)) throw new AppError('not_found');
  const verifiedCredential = await markCredentialVerified(ctx.db, credentialId);
  if (!verifiedCredential) throw new AppError('not_found');
  const { credential, businessName } = verifiedCredential;
  return {
    ...toCredential(credential),
    businessProfileId: credential.businessProfileId,
    businessName,
    createdAt: credential.createdAt.toISOString(),
  };
}

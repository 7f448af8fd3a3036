import { asc, eq, sql } from 'drizzle-orm';
import type { AdminBusinessProfile, AdminCredential } from '#shared/business-profiles.js';
import { businessProfiles, credentials, users } from '#server/db/schema/index.js';
import { requireAdmin, type Ctx } from '#server/http/context.js';
import { AppError } from '#server/http/errors.js';
import { toCredential, UUID } from './service.js';

/** Operators' queue: profiles, unverified first when no filter is given. */
export async function listProfilesForReview(ctx: Ctx, verified: boolean | null): Promise<AdminBusinessProfile[]> {
  requireAdmin(ctx);
  const rows = await ctx.db
    .select({ profile: businessProfiles, user: users })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(verified === null ? undefined : eq(businessProfiles.isVerified, verified))
    .orderBy(asc(businessProfiles.isVerified), asc(businessProfiles.createdAt))
    .limit(200);
  return rows.map(toAdminProfile);
}

type ProfileWithOwner = { profile: typeof businessProfiles.$inferSelect; user: typeof users.$inferSelect };

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
  const rows = await ctx.db
    .select({ credential: credentials, businessName: businessProfiles.businessName })
    .from(credentials)
    .innerJoin(businessProfiles, eq(businessProfiles.id, credentials.businessProfileId))
    .where(verified === null ? undefined : eq(credentials.isVerified, verified))
    .orderBy(asc(credentials.isVerified), asc(credentials.createdAt))
    .limit(200);
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
  const [row] = await ctx.db
    .update(businessProfiles)
    .set({ isVerified: true, verifiedAt: sql`coalesce(${businessProfiles.verifiedAt}, now())` })
    .where(eq(businessProfiles.id, profileId))
    .returning();
  if (!row) throw new AppError('not_found');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  return toAdminProfile({ profile: row, user: user! });
}

export async function verifyCredential(ctx: Ctx, credentialId: string): Promise<AdminCredential> {
  requireAdmin(ctx);
  if (!UUID.test(credentialId)) throw new AppError('not_found');
  const [row] = await ctx.db
    .update(credentials)
    .set({ isVerified: true })
    .where(eq(credentials.id, credentialId))
    .returning();
  if (!row) throw new AppError('not_found');
  const [businessProfile] = await ctx.db
    .select({ businessName: businessProfiles.businessName })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, row.businessProfileId));
  return {
    ...toCredential(row),
    businessProfileId: row.businessProfileId,
    businessName: businessProfile!.businessName,
    createdAt: row.createdAt.toISOString(),
  };
}

import { z } from 'zod';
import { EMAIL_NOTIFICATION_KINDS, USER_ROLES } from '../auth.js';
import { LANGUAGES } from '../i18n/languages.js';
import { timestamp } from './common.js';

export const EmailNotificationsAnswer = z.object(
  Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    (typeof EMAIL_NOTIFICATION_KINDS)[number],
    z.ZodBoolean
  >,
);

/** The current user as the API returns it (never the password hash). */
export const UserAnswer = z
  .object({
    id: z.string(),
    email: z.string(),
    /** Whether the owner confirmed the address (a link, or the OpenID provider's word); operators need it. */
    emailVerified: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    role: z.enum(USER_ROLES),
    canProvideServices: z.boolean(),
    canRequestServices: z.boolean(),
    credits: z.number().int(),
    isAdmin: z.boolean(),
    language: z.enum(LANGUAGES),
    emailNotifications: EmailNotificationsAnswer,
    /** Which kinds of push the user's devices get (docs/contract.md §3.10). */
    pushNotifications: EmailNotificationsAnswer,
    /** The user's own cap on credits spent on bids in any 7 × 24 h; null: none (docs/contract.md §3.9). */
    weeklyCreditLimit: z.number().int().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'User' });

/** Public client configuration (GET /api/config): an allow-list, never secrets. */
export const PublicConfigAnswer = z
  .object({
    demoMode: z.boolean(),
    demoAccounts: z.array(z.object({ role: z.enum(USER_ROLES), email: z.string(), password: z.string() })),
    oidcEnabled: z.boolean(),
    /** The name on the login page's 'Continue with …' button (OIDC_PROVIDER_NAME), null without a provider. */
    oidcProviderName: z.string().nullable(),
    stripePublishableKey: z.string().nullable(),
    freeCreditsOnUpgrade: z.number().int(),
    /** In demo mode, a promo code to try on /buy-credits. */
    demoPromoCode: z.string().nullable(),
  })
  .meta({ id: 'PublicConfig' });

/** POST /api/auth/upgrade-to-provider: the free credits granted and the refreshed user. */
export const UpgradeToProviderAnswer = z.object({ freeCredits: z.number().int(), user: UserAnswer });

/** POST /api/auth/verify-email. */
export const EmailVerifiedAnswer = z.object({ emailVerified: z.literal(true) });

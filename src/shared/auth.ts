import { z } from 'zod';
import { WEEKLY_LIMIT_MAX } from './bid-rules.js';
import { LANGUAGES } from './i18n/languages.js';
import type { EmailNotificationsAnswer, PublicConfigAnswer, UserAnswer } from './answers/auth.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const USER_ROLES = ['customer', 'provider'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const email = z
  .string('validation:email_invalid')
  .trim()
  .toLowerCase()
  .max(254, 'validation:email_invalid')
  .pipe(z.email('validation:email_invalid'));

export const LanguageSchema = z.enum(LANGUAGES, 'validation:language_invalid');

/** The kinds of notification email a user can turn off (docs/contract.md §3.7). */
export const EMAIL_NOTIFICATION_KINDS = ['leads', 'bids', 'messages', 'hires', 'requests'] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];
/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/auth.ts. */
export type EmailNotifications = z.infer<typeof EmailNotificationsAnswer>;

/** A new password (spec §5): the same rule at registration and at a reset. */
export const PasswordSchema = z
  .string('validation:password_min')
  .min(PASSWORD_MIN_LENGTH, 'validation:password_min')
  .max(PASSWORD_MAX_LENGTH, 'validation:password_max');

export const RegisterSchema = z.object({
  email,
  password: PasswordSchema,
  firstName: z
    .string('validation:first_name_required')
    .trim()
    .min(1, 'validation:first_name_required')
    .max(NAME_MAX_LENGTH, 'validation:name_max'),
  lastName: z
    .string('validation:last_name_required')
    .trim()
    .min(1, 'validation:last_name_required')
    .max(NAME_MAX_LENGTH, 'validation:name_max'),
  language: LanguageSchema.optional(),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email,
  password: z.string('validation:password_required').min(1, 'validation:password_required').max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** Any subset of the notification switches, email or push (the same kinds). */
const NotificationSwitches = z
  .strictObject(
    Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
      EmailNotificationKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .optional();

/** A provider's weekly credit cap (docs/decisions/042-spend-controls.md): a whole number ≥ 1, or null for none. */
export const WeeklyCreditLimitSchema = z
  .number('validation:weekly_limit_invalid')
  .int('validation:weekly_limit_invalid')
  .min(1, 'validation:weekly_limit_invalid')
  .max(WEEKLY_LIMIT_MAX, 'validation:weekly_limit_invalid')
  .nullable();

/**
 * PATCH /api/auth/user: the language, any subset of the email and push switches (docs/contract.md §3.7, §3.10)
 * and the weekly credit cap (§3.9).
 */
export const UpdateUserSchema = z.strictObject({
  language: LanguageSchema.optional(),
  emailNotifications: NotificationSwitches,
  pushNotifications: NotificationSwitches,
  weeklyCreditLimit: WeeklyCreditLimitSchema.optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

export const ForgotPasswordSchema = z.object({ email });
export const ResetPasswordSchema = z.object({
  token: z.string('validation:token_required').min(1, 'validation:token_required').max(200),
  password: PasswordSchema,
});
/** POST /api/auth/verify-email: the token of a 'Confirm your email' link. */
export const VerifyEmailSchema = z.object({
  token: z.string('validation:verify_token_required').min(1, 'validation:verify_token_required').max(200),
});

export type User = z.infer<typeof UserAnswer>;

export type PublicConfig = z.infer<typeof PublicConfigAnswer>;

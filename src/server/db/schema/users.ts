import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmailNotifications } from '#shared/auth.js';
import { createdAt, id, updatedAt } from './columns.js';
import { userRole } from './enums.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** When the owner proved the address (a confirmation link or a provider's email_verified); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    // The OpenID Connect identity this account signs in with (docs/contract.md §3.6): found by both, never by email.
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    role: userRole('role').notNull().default('customer'),
    canProvideServices: boolean('can_provide_services').notNull().default(false),
    canRequestServices: boolean('can_request_services').notNull().default(true),
    // Cached balance: always the sum of credit_transactions for the user (docs/contract.md §5).
    credits: integer('credits').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The language of the emails this user gets (docs/contract.md §3.7). */
    language: text('language').notNull().default('en'),
    /** Which notification emails this user wants; all on by default. */
    emailNotifications: jsonb('email_notifications')
      .$type<EmailNotifications>()
      .notNull()
      .default(sql`'{"leads":true,"bids":true,"messages":true,"hires":true,"requests":true}'::jsonb`),
    /** Which kinds of push this user wants on their devices (docs/contract.md §3.10); all on by default. */
    pushNotifications: jsonb('push_notifications')
      .$type<EmailNotifications>()
      .notNull()
      .default(sql`'{"leads":true,"bids":true,"messages":true,"hires":true,"requests":true}'::jsonb`),
    /**
     * A provider's own cap on credits spent on bids in any 7 × 24 h (docs/decisions/042-spend-controls.md); null:
     * none. bids_place decides it.
     */
    weeklyCreditLimit: integer('weekly_credit_limit'),
    /**
     * The low-balance notice went out and the balance has stayed below the mark since (docs/decisions/042): set
     * by the bid that took it there, cleared by any ledger entry that brings it back (ledger_entry).
     */
    lowBalanceNoticed: boolean('low_balance_noticed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    check('users_weekly_credit_limit_positive', sql`${t.weeklyCreditLimit} >= 1`),
    check('users_language_known', sql`${t.language} in ('en', 'es')`),
  ],
);

import { singleUseTokenTable } from './single-use-tokens.js';

/** An email confirmation link (docs/decisions/031-email-verification.md): 48 h, single use. */
export const emailVerificationTokens = singleUseTokenTable('email_verification_tokens');
